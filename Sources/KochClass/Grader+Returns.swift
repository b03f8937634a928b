import Foundation
import KochCore
import KochIO

extension Grader {
    /// The other lessons a copy could be of. None for a forced copy, a count heard (no copy to
    /// compare) or a live session (typed against the very lesson played); else those the request
    /// gives, or the keys beside a key file.
    static func otherKeys(for request: GradeRequest, keyPath: String) -> [AnswerKey] {
        if request.force || request.heard != nil || request.live { return [] }
        if let given = request.otherKeys { return given }
        guard case .file = request.key else { return [] }
        return AnswerKeyFile.siblings(of: keyPath)
    }

    /// The lesson's return the request gives, read once the key and the date have been found to take it.
    static func lessonReturn(of request: GradeRequest, admittedBy grading: LessonGrading) throws -> LessonReturn {
        if let heard = request.heard { return .heard(heard) }
        if case let .lesson(returned) = request.reading { return returned }
        if let path = request.recordingPath {
            _ = try grading.admit(.keying)
            try FileError.checkNotFolder(path, expected: "the recording of your keying")
            guard FileManager.default.fileExists(atPath: path) else { throw GradeRefusal.noRecording(path: path, ofContact: false) }
            return .recording(path: path, toneHz: request.toneHz, speedWPM: request.speedWPM)
        }
        if let path = request.eventsPath {
            _ = try grading.admit(.keying)
            let log = try PaddleLogFile.read(path, mapping: request.keyMapping ?? .usual)
            return .events(log, path: path, speedWPM: request.speedWPM, mode: request.mode ?? .b)
        }
        _ = try grading.admit(.copy)
        return .copy(try copyText(request.copy ?? .standardInput))
    }

    /// The text of a typed copy: UTF-8, no longer than a lesson's copy can be (`Transcript.text(of:)`).
    static func copyText(_ copy: GradeRequest.Copy) throws -> String {
        let bytes: [UInt8]
        switch copy {
        case let .text(text):
            return text
        case let .bytes(given):
            bytes = given
        case let .file(path):
            try FileError.checkNotFolder(path, expected: "your copy (a text file)")
            guard let contents = try FileBytes.read(path) else { throw GradeRefusal.noCopy(path: path) }
            bytes = contents
        case .standardInput:
            bytes = [UInt8](FileHandle.standardInput.readDataToEndOfFile())
        }
        do {
            return try Transcript.text(of: bytes)
        } catch {
            throw GradeRefusal.copyNotText(error)
        }
    }
}
