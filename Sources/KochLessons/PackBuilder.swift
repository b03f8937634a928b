import Foundation
import KochAudio
import KochCore
import KochIO
import KochPresentation

/// Makes a lesson pack on disk from its plan: the lessons (on `jobs` cores),
/// each folder's playlist and answer sheets, the index, and, once every
/// lesson of the pack is complete, the manifest.
///
/// Resuming: files already complete (same size and SHA-256 as recorded in
/// the manifest or a journal) are kept; anything else is made again. Every
/// file is written under a temporary name and renamed when whole.
public struct PackBuilder: Sendable {
    public let root: String
    public let plan: PackPlan
    public let seed: UInt64
    public let signature: String
    public let shard: Int
    public let shardCount: Int
    public let jobs: Int
    public let createdAt: Date
    public let templates: Templates
    /// Keys in a teacher's folder (`teacher/FOLDER/`) the learners' pages do not link, rather than beside the lessons.
    public var keysSeparate = false
    public let makeWriter: @Sendable (_ folder: String) -> LessonWriter
    /// The roster the pack is made from, as a path from the pack's folder: kept in its manifest.
    public var roster: String?
    /// The folder of the roster's progress files, as a path from the pack's folder, when named: kept in its manifest.
    public var progressFolder: String?
    /// Asked between lessons: true stops the run once the lessons under way are complete.
    public var shouldStop: @Sendable () -> Bool = { false }
    /// Told of the lessons to make before the first, and of each made (from any core).
    public var progress: PackProgress = .silent
    /// Told, on the core that made it, how many lessons this run has made once
    /// each is complete and in the journal; the next lesson is not begun
    /// before it returns, so a stop it requests takes effect at that point.
    public var lessonMade: @Sendable (_ madeInThisRun: Int) -> Void = { _ in }

    public init(
        root: String, plan: PackPlan, seed: UInt64, signature: String, shard: Int, shardCount: Int, jobs: Int, createdAt: Date,
        templates: Templates, makeWriter: @escaping @Sendable (_ folder: String) -> LessonWriter
    ) {
        self.root = root
        self.plan = plan
        self.seed = seed
        self.signature = signature
        self.shard = shard
        self.shardCount = shardCount
        self.jobs = jobs
        self.createdAt = createdAt
        self.templates = templates
        self.makeWriter = makeWriter
    }

    /// The pack's folder as `--out` or a form names it, without a trailing slash (the
    /// manifest, journal and index name their files from it); `/` stays `/`.
    public static func root(ofFolder folder: String) -> String {
        folder.hasSuffix("/") && folder.count > 1 ? String(folder.dropLast()) : folder
    }

    public struct Summary: Sendable {
        public var made = 0
        public var kept = 0
        public var manifestWritten = false
        public var bytes = 0
    }

    public func build() throws -> Summary {
        try Folder.prepareForWriting(root)
        for folder in plan.folders {
            try Folder.prepareForWriting(root + "/" + folder.name)
            if keysSeparate { try Folder.prepareForWriting(root + "/" + keyFolder(folder)) }
        }
        removeAbandonedPartialFiles()

        let known = try knownFiles()
        let mine = plan.lessons(inShard: shard, of: shardCount)
        var journal = PackJournal(seed: seed, planSignature: signature, createdAt: createdAt)
        var pending: [(folder: PackPlan.Folder, lesson: Lesson)] = []
        for entry in mine {
            let paths = relativePaths(of: entry.lesson, in: entry.folder)
            if let files = try complete(paths, known: known) {
                journal.files += files
            } else {
                pending.append(entry)
            }
        }
        var summary = Summary(kept: mine.count - pending.count)
        let journalPath = PackJournal.path(inPack: root, shard: shard, of: shardCount)
        try Folder.prepareForWriting(PackJournal.folder(inPack: root))
        try journal.write(to: journalPath)

        progress.start(pending.count)
        let work = PendingWork(pending, journal: journal, shouldStop: shouldStop)
        let concurrency = min(jobs, max(pending.count, 1))
        DispatchQueue.concurrentPerform(iterations: concurrency) { _ in
            while let (folder, lesson) = work.next() {
                do {
                    var writer = makeWriter(root + "/" + folder.name)
                    // The jobs are the parallelism: --jobs 1 is one core.
                    writer.mp3Concurrency = 1
                    writer.keyFolder = root + "/" + keyFolder(folder)
                    _ = try writer.write(lesson, createdAt: createdAt)
                    let files = try relativePaths(of: lesson, in: folder).map(describe)
                    let made = try work.record(files) { try $0.write(to: journalPath) }
                    progress.advance()
                    lessonMade(made)
                } catch {
                    work.fail(error)
                }
            }
        }
        progress.finish()
        if let error = work.failure { throw error }
        if work.completed < pending.count {
            throw PackError.interrupted(made: summary.kept + work.completed, total: mine.count)
        }
        summary.made = pending.count

        try writeFolderFiles()
        try writeIndex()
        summary.manifestWritten = try writeManifestIfComplete(&summary)
        return summary
    }

    // MARK: What is already there

    /// Files recorded as complete: by the manifest of a finished pack, and by
    /// every shard's journal. A record of another pack stops the run.
    private func knownFiles() throws -> [String: PackManifest.File] {
        var known: [String: PackManifest.File] = [:]
        if let manifest = try PackManifest.read(inPack: root) {
            guard manifest.planSignature == signature else {
                throw PackError.otherPack(root: root, seed: manifest.seed, finished: true)
            }
            for file in manifest.files { known[file.path] = file }
        }
        for journal in try PackJournal.readAll(inPack: root) {
            guard journal.planSignature == signature else {
                throw PackError.otherPack(root: root, seed: journal.seed, finished: false)
            }
            for file in journal.files { known[file.path] = file }
        }
        return known
    }

    /// The files' records if every one is on disk as recorded, else nil.
    private func complete(_ paths: [String], known: [String: PackManifest.File]) throws -> [PackManifest.File]? {
        var files: [PackManifest.File] = []
        for path in paths {
            guard let record = known[path], fileSize(root + "/" + path) == record.bytes,
                try FileChecksum.sha256Hex(ofFile: root + "/" + path) == record.sha256
            else { return nil }
            files.append(record)
        }
        return files
    }

    /// Temporary files left by a run that was killed (`.NAME.partial-PID-…`
    /// whose process is gone); those of a shard still running are left alone.
    private func removeAbandonedPartialFiles() {
        for folder in [root] + plan.folders.map({ root + "/" + $0.name }) {
            for name in (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [] where name.hasPrefix(".") {
                guard let marker = name.range(of: ".partial-") else { continue }
                let pid = Int32(name[marker.upperBound...].prefix { $0.isNumber }) ?? 0
                if pid > 0 && (kill(pid, 0) == 0 || errno == EPERM) { continue }
                unlink(folder + "/" + name)
            }
        }
    }

    // MARK: Files of the whole pack

    private func relativePaths(of lesson: Lesson, in folder: PackPlan.Folder) -> [String] {
        makeWriter(root + "/" + folder.name).fileNames(of: lesson).map { (isKey($0) ? keyFolder(folder) : folder.name) + "/" + $0 }
    }

    /// Where a folder's keys go: beside its lessons, or in the teacher's folder.
    private func keyFolder(_ folder: PackPlan.Folder) -> String {
        keysSeparate ? PackPages.teacherFolder + "/" + folder.name : folder.name
    }

    private func isKey(_ name: String) -> Bool { LessonWriter.goesInKeyFolder(name) }

    private func describe(_ relativePath: String) throws -> PackManifest.File {
        let path = root + "/" + relativePath
        return PackManifest.File(path: relativePath, bytes: fileSize(path) ?? 0, sha256: try FileChecksum.sha256Hex(ofFile: path))
    }

    private func fileSize(_ path: String) -> Int? {
        (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? NSNumber)?.intValue
    }

    /// Each folder's playlist and answer sheets: made from the plan alone, so
    /// every shard writes the same bytes.
    private func writeFolderFiles() throws {
        for folder in plan.folders {
            let writer = makeWriter(root + "/" + folder.name)
            let audio = folder.lessons.compactMap { lesson in writer.fileNames(of: lesson).first { $0.hasSuffix(".mp3") || $0.hasSuffix(".wav") } }
            let entries = zip(folder.lessons, audio).map { lesson, name in
                Playlist.Entry(path: name, title: writer.tags(for: lesson).title, durationSeconds: lesson.timeline.durationSeconds)
            }
            try AtomicFile.write(Playlist.m3u(entries), to: root + "/" + folder.name + "/" + PackPages.playlistName)
            if keysSeparate {
                try AtomicFile.write(
                    try templates.render("pack/sheets.html", PackPages.sheets(folder, createdAt: createdAt, pages: .copies)),
                    to: root + "/" + folder.name + "/" + PackPages.sheetsName)
                try AtomicFile.write(
                    try templates.render("pack/sheets.html", PackPages.sheets(folder, createdAt: createdAt, pages: .keys)),
                    to: root + "/" + keyFolder(folder) + "/" + PackPages.keysName)
            } else {
                try AtomicFile.write(
                    try templates.render("pack/sheets.html", PackPages.sheets(folder, createdAt: createdAt, pages: .both)),
                    to: root + "/" + folder.name + "/" + PackPages.sheetsName)
            }
        }
    }

    private func writeIndex() throws {
        let context = PackPages.index(
            plan,
            fileNames: { lesson, folder in
                // With the keys apart, the learners' index links only what learners use.
                makeWriter(root + "/" + folder.name).fileNames(of: lesson).filter { !keysSeparate || !isKey($0) }
            }, seed: seed, createdAt: createdAt)
        try AtomicFile.write(try templates.render("pack/index.html", context), to: root + "/index.html")
    }

    /// When every lesson of the pack is complete (this run's and every other
    /// shard's), the manifest of every file; then the journals go.
    private func writeManifestIfComplete(_ summary: inout Summary) throws -> Bool {
        let known = try knownFiles()
        var files: [PackManifest.File] = []
        for (folder, lesson) in plan.lessons {
            guard let complete = try complete(relativePaths(of: lesson, in: folder), known: known) else { return false }
            files += complete
        }
        for folder in plan.folders {
            files.append(try describe(folder.name + "/" + PackPages.playlistName))
            files.append(try describe(folder.name + "/" + PackPages.sheetsName))
            if keysSeparate { files.append(try describe(keyFolder(folder) + "/" + PackPages.keysName)) }
        }
        files.append(try describe("index.html"))
        let manifest = PackManifest(
            seed: seed, planSignature: signature, createdAt: createdAt,
            lessonCount: plan.lessons.count, files: files, roster: roster, progressFolder: progressFolder)
        try AtomicFile.write(try PackManifest.encode(manifest), to: root + "/manifest.json")
        try? FileManager.default.removeItem(atPath: PackJournal.folder(inPack: root))
        summary.bytes = files.reduce(0) { $0 + $1.bytes }
        return true
    }
}

/// The lessons still to make, shared by the workers: each takes the next,
/// and records what it made in the journal.
private final class PendingWork: @unchecked Sendable {
    private var pending: [(folder: PackPlan.Folder, lesson: Lesson)]
    private var journal: PackJournal
    private var nextIndex = 0
    private(set) var failure: Error?
    /// Lessons made and recorded in the journal.
    private(set) var completed = 0
    private let lock = NSLock()
    private let shouldStop: @Sendable () -> Bool

    init(_ pending: [(folder: PackPlan.Folder, lesson: Lesson)], journal: PackJournal, shouldStop: @escaping @Sendable () -> Bool) {
        self.pending = pending
        self.journal = journal
        self.shouldStop = shouldStop
    }

    func next() -> (PackPlan.Folder, Lesson)? {
        lock.lock()
        defer { lock.unlock() }
        guard failure == nil, nextIndex < pending.count, !shouldStop() else { return nil }
        nextIndex += 1
        return pending[nextIndex - 1]
    }

    /// Returns how many lessons are complete with this one.
    func record(_ files: [PackManifest.File], save: (PackJournal) throws -> Void) throws -> Int {
        lock.lock()
        defer { lock.unlock() }
        journal.files += files
        try save(journal)
        completed += 1
        return completed
    }

    func fail(_ error: Error) {
        lock.lock()
        if failure == nil { failure = error }
        lock.unlock()
    }
}

public enum PackError: Error, CustomStringConvertible {
    case otherPack(root: String, seed: UInt64, finished: Bool)
    case verificationFailed(root: String, problems: [String])
    case interrupted(made: Int, total: Int)

    public var description: String {
        switch self {
        case let .interrupted(made, total):
            return "interrupted: \(made) of \(PackPages.lessons(total)) made; run the same command again to finish."
        case let .otherPack(root, seed, finished):
            let what = finished ? "a finished pack" : "an unfinished pack"
            return "The folder \(root) holds \(what) made with other settings (seed \(seed)). "
                + "Run the same command as made it (with --seed \(seed)) to \(finished ? "check" : "finish") it, or choose another --out folder."
        case let .verificationFailed(root, problems):
            return "\(root) does not match its manifest (\(problems.count) files):\n" + problems.joined(separator: "\n")
                + "\nRun the command that made the pack again to remake them."
        }
    }
}

/// What a pack's build tells as it goes: how many lessons it will make, each one made, and the end.
public struct PackProgress: Sendable {
    public let start: @Sendable (_ lessons: Int) -> Void
    public let advance: @Sendable () -> Void
    public let finish: @Sendable () -> Void

    public init(
        start: @escaping @Sendable (_ lessons: Int) -> Void, advance: @escaping @Sendable () -> Void,
        finish: @escaping @Sendable () -> Void
    ) {
        self.start = start
        self.advance = advance
        self.finish = finish
    }

    /// Tells nothing.
    public static let silent = PackProgress(start: { _ in }, advance: {}, finish: {})
}
