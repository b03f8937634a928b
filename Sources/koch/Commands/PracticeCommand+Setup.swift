import ArgumentParser
import Foundation
import KochAudio
import KochClass
import KochCore
import KochIO
import KochLessons
import KochPractice
import KochPresentation
import KochSound

extension PracticeRunner {
    /// The lesson's settings at the learner's level in `direction` (or `--level`), as `koch lesson`
    /// makes them, with a note of what came from the progress file.
    func settings(direction: Direction) throws -> (LessonSettings, note: String?) {
        let content = command.content
        var settings = LessonSettings()
        content.apply(to: &settings)
        let (plan, note) = try LessonCommand.learnerPlan(
            level: command.level, lesson: content.lessonCourse, direction: direction, store: store)
        settings.level = plan.level
        settings.direction = direction
        settings.extraWeight = plan.extraWeight
        settings.minutes = command.minutes
        command.sound.apply(to: &settings)
        settings.conditions = direction == .receive ? try command.band.conditions() : .clear
        settings.seed = command.seed ?? LessonSettings.randomSeed()
        settings.drill = try command.drill.lessonDrill(direction: direction, course: plan.course, store: store)
        return (settings, note)
    }

    /// The lesson to practise: made at the learner's level, or read from `--key`.
    func lesson(direction: Direction) throws -> PracticeLesson {
        if let keyPath = command.keyPath {
            let key = try AnswerKeyFile.read(keyPath)
            do {
                let practice = try PracticeLesson(key: key)
                say(LessonCommand.describe(key.settings) + ", from \(keyPath)")
                return practice
            } catch .spoken {
                throw CommandFailure(
                    description: "\(keyPath): a spoken lesson is for listening away from the computer; grade it with koch grade --heard.")
            } catch {
                throw CommandFailure(
                    description:
                        "\(keyPath): its groups and settings do not make the lesson it names (\(key.lessonID)); was it edited? Make a new one with koch lesson."
                )
            }
        }
        let (settings, note) = try settings(direction: direction)
        let templates = try Templates()
        let content = command.content
        let (plan, _) = try LessonCommand.learnerPlan(level: command.level, lesson: content.lessonCourse, direction: direction, store: store)
        let source = try LessonContentSource(
            kind: content.kind, qsoStyle: content.qsoStyle, textFile: content.textFile, skipUnsendable: content.skipUnsendable,
            settings: settings, learnerCourse: plan.course, templates: templates)
        let lesson = try Lesson(settings: settings, content: try source.content(forLesson: 1, settings: settings))
        say(LessonCommand.describe(settings) + ", seed \(settings.seed)")
        if let note { print("  " + note) }
        for line in settings.drill.map(DrillOption.notes) ?? [] { print("  " + line) }
        return PracticeLesson(lesson: lesson, createdAt: CreationDate.date(now: try Now.date()))
    }

    /// The sound device, opened; says which and its latency, unless `announced` already.
    func soundOutput(sampleRateHz: Int, announced: Bool = false) throws -> SoundOutput {
        do {
            let output = try SoundOutput(deviceName: command.devices.soundDevice, sampleRateHz: sampleRateHz)
            if !announced { say("Sound: \(output.deviceName), output latency \(Int((output.outputLatencySeconds * 1000).rounded())) ms.") }
            return output
        } catch {
            throw CommandFailure(description: error.description)
        }
    }

    /// Where the keying comes from: the microphone (or a recording read at its pace), or a key device.
    /// `soundAnnounced`: the sound device was opened and named before (a contact's other station),
    /// so the sidetone's opening of it is not named again.
    func keyingInput(speedWPM: Double, timings: PracticeTimings, soundAnnounced: Bool = false) throws -> LiveKeyingInput {
        let devices = command.devices
        if let microphone = devices.microphone {
            let source: LiveSampleSource
            do {
                if FileManager.default.fileExists(atPath: microphone) {
                    source = try PacedRecording(path: microphone)
                } else {
                    source = try SoundInput(deviceName: microphone == "default" ? nil : microphone, sampleRateHz: Self.liveSampleRateHz)
                }
            } catch let error as SoundError {
                throw CommandFailure(description: error.description)
            }
            // What the microphone hears is written into practice/ as it comes.
            try folder.prepare()
            let input = try MicrophoneInput(
                microphone: source, toneHz: devices.pitch, speedWPM: speedWPM, timings: timings, recordingIn: folder.path)
            say("Listening: \(source.name). Key when you are ready.")
            return input
        }
        let roles = try PracticeDeviceOptions.roles(try command.keyer.mapping())
        guard let path = devices.keyDevice else {
            throw CommandFailure(description: "Give the paddle adapter or key with --key-device PATH, or --microphone default.")
        }
        guard FileManager.default.fileExists(atPath: path) else {
            throw CommandFailure(description: KeyDeviceError.notFound(path).description)
        }
        // The sound first, which may take seconds to open: key events that came meanwhile would
        // be read all at once from a FIFO, at the moment of reading.
        let output = try soundOutput(sampleRateHz: Self.liveSampleRateHz, announced: soundAnnounced)
        let device: KeyDevice
        do {
            device = try KeyDevice(path: path, codes: roles.codes)
        } catch {
            output.close()
            throw CommandFailure(description: error.description)
        }
        timings.outputLatencySeconds = output.outputLatencySeconds
        timings.unitSeconds = 1.2 / speedWPM
        let keys = KeyingDescription(roles: roles, mode: command.keyer.modeOrDefault, deviceCodes: device.codes)
        say("Keying: \(device.name ?? path) at \(speedWPM.formatted) WPM: \(keys.text).")
        return PaddleInput(
            device: device, roles: roles, output: output, sampleRateHz: Self.liveSampleRateHz, toneHz: command.sound.toneHz, speedWPM: speedWPM,
            mode: command.keyer.modeOrDefault, timings: timings)
    }

    /// A second of the tone through the sound device (`--test-sound`).
    func testSound() throws {
        let output = try soundOutput(sampleRateHz: Self.liveSampleRateHz)
        let synthesizer = ToneSynthesizer(frequencyHz: command.sound.toneHz, sampleRate: Self.liveSampleRateHz)
        let tone = synthesizer.render([KeyedElement(element: nil, startSeconds: 0.05, durationSeconds: 1)], durationSeconds: 1.1)
        do {
            try tone.withUnsafeBufferPointer { try output.write($0) }
        } catch {
            throw CommandFailure(description: "\(error)")
        }
        output.close()
        print("Played a second of \(command.sound.toneHz.formatted) Hz.")
    }

    /// Refuses a send session given neither a key device nor the microphone, listing the devices that have the keys.
    /// `microphone`: whether the session may be keyed into the microphone instead.
    func requireKeying(microphone: Bool = true) throws {
        let devices = command.devices
        guard devices.keyDevice == nil, devices.microphone == nil else { return }
        let roles = try PracticeDeviceOptions.roles(try command.keyer.mapping())
        let ask =
            "Give the paddle adapter or key with --key-device PATH" + (microphone ? ", or --microphone default to key into the microphone." : ".")
        throw CommandFailure(description: ask + "\n" + KeyDevices.text(KeyDevices.list(having: roles.codes), codes: roles.codes))
    }

    func writeTimings(_ timings: PracticeTimings) throws {
        guard let path = command.timings else { return }
        try AtomicFile.write(try timings.json(nowSeconds: MonotonicClock.seconds()), to: path)
    }
}
