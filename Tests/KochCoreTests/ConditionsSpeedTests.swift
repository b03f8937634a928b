import Foundation
import Testing
import KochCore

/// How long a five-minute lesson at 44.1 kHz takes to render with every
/// condition on, against the synthesis alone. Timing depends on the
/// machine, so this runs only when asked, in a release build:
/// `KOCH_MEASURE_SPEED=1 swift test -c release --filter ConditionsSpeed`.
@Suite(.enabled(if: ProcessInfo.processInfo.environment["KOCH_MEASURE_SPEED"] == "1"))
struct ConditionsSpeedTests {
    @Test func everyConditionOnTakesLessThanTheSynthesisAgain() {
        var settings = LessonSettings()
        settings.level = 26
        let lesson = Lesson(settings: settings)
        let synthesizer = ToneSynthesizer(frequencyHz: settings.toneHz, sampleRate: settings.sampleRateHz)
        let conditions = BandConditions(
            qrn: QRN(snrDB: 6, cracklePerSecond: 2), qsb: QSB(depthDB: 15, rateHz: 0.2),
            qrm: [QRMStation(offsetHz: 400, levelDB: -6, speedWPM: 25), QRMStation(offsetHz: -300, levelDB: -10, speedWPM: 30, traffic: .contest)])
        func best(_ work: () -> Void) -> Double {
            (0..<5).map { _ in
                let start = DispatchTime.now().uptimeNanoseconds
                work()
                return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
            }.min() ?? 0
        }
        var samples: [Float] = []
        let plain = best { samples = synthesizer.render(lesson.timeline) }
        let withConditions = best {
            samples = synthesizer.render(lesson.timeline)
            conditions.apply(
                to: &samples, sampleRate: settings.sampleRateHz, toneHz: settings.toneHz, seed: 1,
                signalPeakAmplitude: synthesizer.peakAmplitude)
        }
        let rendered = synthesizer.render(lesson.timeline)
        for (name, part) in [("qrn", BandConditions(qrn: conditions.qrn)), ("qsb", BandConditions(qsb: conditions.qsb)),
                             ("qrm", BandConditions(qrm: conditions.qrm))] {
            let seconds = best {
                samples = rendered
                part.apply(to: &samples, sampleRate: settings.sampleRateHz, toneHz: settings.toneHz, seed: 1, signalPeakAmplitude: 0.708)
            }
            print("\(name) alone: \(seconds) s")
        }
        print("five-minute lesson at 44.1 kHz: synthesis \(plain) s, with every condition \(withConditions) s, ratio \(withConditions / plain)")
        #expect(samples.count == Int((lesson.timeline.durationSeconds * 44_100).rounded()))
    }
}
