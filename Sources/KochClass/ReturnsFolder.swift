import Foundation
import KochAudio
import KochIO

/// The returns folder of a class: `RETURNS/NAME/FILE`, a folder for each learner of the roster
/// (named as in the roster, in any case, or as their folder in the pack), each file a typed copy
/// (`.txt`) or a recording of one lesson.
public struct ReturnsFolder: Sendable {
    public enum Kind: Sendable, Hashable {
        case transcript
        case recording
    }

    /// A file found in a learner's folder.
    public struct File: Sendable, Hashable {
        public let path: String
        public let name: String
        public let kind: Kind
    }

    /// Extensions of the recordings koch decodes: libsndfile's formats, and what phones make (read through FFmpeg).
    public static let recordingExtensions: Set<String> = [
        "wav", "wave", "flac", "ogg", "oga", "opus", "mp3", "aif", "aiff", "aifc", "au", "caf",
        "m4a", "mp4", "aac", "3gp", "3g2", "amr", "awb", "webm", "mka", "mkv", "wma",
    ]

    public let path: String
    /// Each learner's files, by the learner's folder name in the pack, sorted by name.
    public private(set) var files: [String: [File]] = [:]
    /// Folders and files that belong to no learner, or are no return.
    public private(set) var notGraded: [NotGraded] = []

    /// Reads the folder's listing; throws when the folder itself cannot be read.
    public init(path: String, learners: [RosterLoader.Learner]) throws {
        self.path = path
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue else {
            throw FileError.malformed(path: path, reason: "there is no folder of returns here: give the folder that holds a folder for each learner.")
        }
        let entries: [String]
        do {
            entries = try FileManager.default.contentsOfDirectory(atPath: path).sorted()
        } catch {
            throw FileError.malformed(path: path, reason: "the folder of returns cannot be read (\(error.localizedDescription)).")
        }
        for entry in entries where !entry.hasPrefix(".") {
            let entryPath = path + "/" + entry
            guard Self.isFolder(entryPath) else {
                notGraded.append(NotGraded(path: entryPath, learner: nil, reason: "not in a learner's folder: put each return in RETURNS/NAME/."))
                continue
            }
            guard let learner = Self.learner(named: entry, in: learners) else {
                let names = learners.map(\.name).joined(separator: ", ")
                notGraded.append(
                    NotGraded(path: entryPath, learner: nil, reason: "no learner of the roster is called \(entry) (the roster lists \(names))."))
                continue
            }
            guard files[learner.folderName] == nil else {
                notGraded.append(
                    NotGraded(
                        path: entryPath, learner: learner.name, reason: "a second folder of \(learner.name)'s returns: keep them in one folder."))
                continue
            }
            files[learner.folderName] = readLearnerFolder(entryPath, learner: learner)
        }
    }

    /// The learner a folder of returns is of: the roster's name, or the pack's folder with or without `learner-`.
    public static func learner(named folder: String, in learners: [RosterLoader.Learner]) -> RosterLoader.Learner? {
        let wanted = folder.lowercased()
        return learners.first { $0.name.lowercased() == wanted }
            ?? learners.first { $0.folderName == wanted || $0.folderName == "learner-" + wanted }
    }

    private mutating func readLearnerFolder(_ folder: String, learner: RosterLoader.Learner) -> [File] {
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
        } catch {
            notGraded.append(
                NotGraded(path: folder, learner: learner.name, reason: "cannot be read (\(error.localizedDescription)), so nothing in it was graded.")
            )
            return []
        }
        var found: [File] = []
        for name in names where !name.hasPrefix(".") {
            let filePath = folder + "/" + name
            let suffix = name.split(separator: ".").count > 1 ? name.split(separator: ".").last.map { $0.lowercased() } ?? "" : ""
            if Self.isFolder(filePath) {
                notGraded.append(
                    NotGraded(path: filePath, learner: learner.name, reason: "a folder, not a return: put the files directly in \(folder)."))
            } else if suffix == "txt" {
                found.append(File(path: filePath, name: name, kind: .transcript))
            } else if Self.recordingExtensions.contains(suffix) {
                found.append(File(path: filePath, name: name, kind: .recording))
            } else {
                notGraded.append(NotGraded(path: filePath, learner: learner.name, reason: Self.neitherCopyNorRecording(filePath)))
            }
        }
        return found
    }

    /// Why a file of another name than a copy's or a recording's is not graded, naming what it is
    /// by its first bytes (`FileSniffer`) when they tell: a PDF document, a photo, a text file misnamed.
    static func neitherCopyNorRecording(_ path: String) -> String {
        let neither = "neither a typed copy (.txt) nor a recording (WAV, FLAC, Ogg, Opus, MP3, M4A, 3GP or WebM)."
        guard case let .notARecording(what)? = try? RecordingFile.content(of: path) else { return neither }
        if what == "a text file" { return "a text file, but not named .txt: a typed copy is read from a .txt file; rename it." }
        return "\(what), " + neither
    }

    private static func isFolder(_ path: String) -> Bool {
        var isFolder: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) && isFolder.boolValue
    }
}
