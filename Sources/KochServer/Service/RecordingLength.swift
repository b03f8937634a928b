import KochAudio

/// A recording's length, checked before it is graded: read through once, as the grader will read
/// it, and refused as soon as it runs past the limit (a recording of an hour is no exercise, and
/// would keep a core busy for nothing).
enum RecordingLength {
    static func check(_ path: String, limitSeconds: Double) throws {
        let reader: any RecordingReader
        do {
            reader = try RecordingFile.open(path)
        } catch {
            throw ServerRefusal.wrongKind(Self.words(error))
        }
        let limitFrames = Int(limitSeconds * Double(reader.sampleRate))
        var frames = 0
        while true {
            let block: [[Float]]
            do {
                block = try reader.read(maximumFrames: 65_536)
            } catch {
                // Some decoders report an error at the end of a compressed file: what was read is the length,
                // and the grader, reading it again, says what it makes of the file.
                if frames > 0 { return }
                throw ServerRefusal.wrongKind(Self.words(error))
            }
            let count = block.first?.count ?? 0
            if count == 0 { return }
            frames += count
            if frames > limitFrames {
                throw ServerRefusal.tooLong(limitSeconds: limitSeconds)
            }
        }
    }

    /// What a learner is told of a file the audio libraries refused, without the server's own paths.
    static func words(_ error: AudioError) -> String {
        switch error {
        case let .notARecording(_, what):
            "That file is \(what), not a recording of your keying. Nothing was recorded."
        case .lessonAudio:
            "That is the lesson's own audio, which koch made, not a recording of your keying: record yourself keying "
                + "the exercise, and send that recording. Nothing was recorded."
        case let .truncated(_, promised, held):
            "That recording is cut short: it promises \(Int(promised)) s and holds \(Int(held)) s. Send the whole file; nothing was recorded."
        default:
            "That file could not be read as a recording (send the sound file your phone or recorder made). Nothing was recorded."
        }
    }
}
