import Foundation
import KochCore

/// A contact to answer (`koch lesson --kind qso --respond`) and a phone's recording of it
/// played aloud in a room while the learner keys their overs into its pauses: the key koch
/// wrote, what the learner keyed, and the recording.
public struct ContactRecording: Sendable {
    /// The lesson's key, with its `qso`; the groups are the other station's words in time.
    public let key: AnswerKey
    public let qso: QSOKey
    /// What the learner keyed in each of their overs.
    public let keyedTexts: [String]
    public let samples: [Float]
    public let sampleRate: Int

    /// The first contact's template, one over a line, the calling station's first.
    public static let template = """
        CQ CQ CQ DE {{caller.call}} {{caller.call}} {{caller.call}} K
        {{caller.call}} DE {{answerer.call}} {{answerer.call}} K
        {{answerer.call}} DE {{caller.call}} TNX FER CALL <BT> UR RST {{caller.rst}} {{caller.rst}} <BT> HW? <AR> {{answerer.call}} DE {{caller.call}} K
        {{caller.call}} DE {{answerer.call}} R TNX <BT> UR RST {{answerer.rst}} {{answerer.rst}} <BT> 73 <SK> {{caller.call}} DE {{answerer.call}}
        R TNX FER {{answerer.rst}} <BT> TU 73 <SK> E E
        """

    /// The contact: the other station W1ABC, the learner K1XY giving a report of 579.
    public static func contact() -> QSOContact {
        var generator = SeededGenerator(seed: 7)
        var contact = QSOFiller.fullCourse.contact(using: &generator)
        contact.caller.call = "W1ABC"
        contact.answerer.call = "K1XY"
        contact.caller.rst = "599"
        contact.answerer.rst = "579"
        return contact
    }

    /// The template rendered by plain substitution of `{{side.key}}`.
    public static func render(_ contact: QSOContact) -> String {
        var text = template
        for (side, values) in contact.context {
            for (key, value) in values { text = text.replacingOccurrences(of: "{{\(side).\(key)}}", with: value) }
        }
        return text
    }

    /// The lesson's key: the other station at 600 Hz, 20 WPM (15 effective), the learner's overs timed at 18 WPM.
    public static func key(of contact: QSOContact = contact()) throws -> AnswerKey {
        var settings = LessonSettings()
        settings.kind = .qso
        settings.characterSpeedWPM = 20
        settings.effectiveSpeedWPM = 15
        settings.toneHz = 600
        let script = try QSOScript(contact: contact, render: render)
        let learnerTiming = Timing(characterSpeedWPM: 18, effectiveSpeedWPM: 18)
        let plan = try QSORespondPlan(script: script, timing: settings.timing, learnerTiming: learnerTiming, leadInSeconds: 0.5, tailSeconds: 0.5)
        let words = plan.timeline.words.map { word in (try? MorseText(parsing: word.text).words.flatMap { $0 }) ?? [] }
        var key = AnswerKey(lesson: try Lesson(settings: settings, content: .fixed(words)), createdAt: Date(timeIntervalSince1970: 1_795_000_000))
        key.groups = plan.timeline.words.enumerated().map { index, word in
            AnswerKey.Group(groupNumber: index + 1, text: word.text, startSeconds: word.startSeconds, endSeconds: word.endSeconds)
        }
        key.durationSeconds = plan.durationSeconds
        key.qso = QSOKey(style: "first-contact", plan: plan, contact: script.contact, learnerSpeedWPM: 18)
        return key
    }

    /// The learner's overs as the script has them, but for one wrong report (559 for 579).
    public static func keyedTexts(of qso: QSOKey) -> [String] {
        qso.learnerOvers.map { $0.text.replacingOccurrences(of: "579 579", with: "559 559") }
    }

    /// The recording: the lesson from a speaker at `lessonToneHz`'s pitch (the key's), the
    /// learner's sidetone at `learnerToneHz`, keyed by hand (each element and gap off by
    /// `jitter` of its length, at random) `beginAfterSeconds` into each pause (the pause
    /// begins a second after the other station's over ends); in a room (its echo 8 dB
    /// under the direct sound, dying in 0.35 s), with noise 20 dB under the lesson's tone; the
    /// phone began `leadSeconds` before the lesson and its clock runs `rate` recording seconds
    /// per second.
    public static func make(
        learnerToneHz: Double, sampleRate: Int = 8000, leadSeconds: Double = 3.7, rate: Double = 1.002, jitter: Double = 0.08,
        keyedTexts given: [String]? = nil, beginAfterSeconds: Double = 1, seed: UInt64 = 5
    ) throws -> ContactRecording {
        let key = try key()
        guard let qso = key.qso else { throw MorseTextError.empty }
        let texts = given ?? keyedTexts(of: qso)
        func recorded(_ seconds: Double) -> Double { leadSeconds + rate * seconds }
        let timeline = try Timeline(
            placed: key.groups.map { (try MorseText(parsing: $0.text).words.flatMap { $0 }, $0.startSeconds) }, timing: key.settings.timing,
            durationSeconds: key.durationSeconds)
        let lessonMarks = timeline.marks.map { (recorded($0.startSeconds), recorded($0.endSeconds)) }
        var random = SeededGenerator(seed: seed)
        var learnerMarks: [(Double, Double)] = []
        for (over, text) in zip(qso.learnerOvers, texts) {
            let marks = try handKeyed(text, speedWPM: qso.learnerSpeedWPM, jitter: jitter, random: &random)
            learnerMarks += marks.map {
                (recorded(over.startSeconds + beginAfterSeconds + $0.0), recorded(over.startSeconds + beginAfterSeconds + $0.1))
            }
        }
        let duration = recorded(key.durationSeconds) + 2
        var samples = DecodingSignals.tone(
            lessonMarks, durationSeconds: duration, frequencyHz: key.settings.toneHz / rate, sampleRate: sampleRate, amplitude: 0.5)
        let learner = DecodingSignals.tone(
            learnerMarks, durationSeconds: duration, frequencyHz: learnerToneHz / rate, sampleRate: sampleRate, amplitude: 0.35)
        for index in samples.indices { samples[index] += learner[index] }
        DecodingSignals.addRoomReverberation(&samples, directToReverberantDB: 8, rt60Seconds: 0.35, sampleRate: sampleRate, seed: seed + 1)
        DecodingSignals.addWhiteNoise(&samples, snrDB: 20, amplitude: 0.5, sampleRate: sampleRate, seed: seed + 2)
        return ContactRecording(key: key, qso: qso, keyedTexts: texts, samples: samples, sampleRate: sampleRate)
    }

    /// Key-down stretches of `text` keyed by hand from 0 s: every element and gap off by
    /// `jitter` of its length (one standard deviation), prosigns keyed as one character; none for a blank text.
    public static func handKeyed(_ text: String, speedWPM: Double, jitter: Double, random: inout SeededGenerator) throws -> [(Double, Double)] {
        let timing = Timing(characterSpeedWPM: speedWPM, effectiveSpeedWPM: speedWPM)
        func scaled(_ seconds: Double) -> Double { seconds * max(0.3, 1 + jitter * DecodingSignals.gaussian(&random)) }
        var marks: [(Double, Double)] = []
        var time = 0.0
        guard text.contains(where: { !$0.isWhitespace }) else { return [] }
        for (wordIndex, word) in try MorseText(parsing: text).words.enumerated() {
            if wordIndex > 0 { time += scaled(timing.durationSeconds(of: .word)) }
            for (symbolIndex, symbol) in word.enumerated() {
                if symbolIndex > 0 { time += scaled(timing.durationSeconds(of: .character)) }
                for (elementIndex, element) in symbol.elements.enumerated() {
                    if elementIndex > 0 { time += scaled(timing.durationSeconds(of: .intraCharacter)) }
                    let length = scaled(timing.durationSeconds(of: element))
                    marks.append((time, time + length))
                    time += length
                }
            }
        }
        return marks
    }
}
