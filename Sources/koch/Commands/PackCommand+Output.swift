import ArgumentParser
import KochClass
import KochCore
import KochLessons

extension PackCommand {
    /// Prints what making the pack tells before it builds: the pack's heading, then each learner's progress file.
    static func tell(_ event: PackRequest.Event, direction: Direction) {
        switch event {
        case .heading(let pack):
            let share = pack.shardCount > 1 ? " (shard \(pack.shard) of \(pack.shardCount))" : ""
            print(
                "Pack in \(pack.root)\(share): \(DayText.count(pack.folderCount, "folder")), \(DayText.count(pack.lessonCount, "lesson")), seed \(pack.seed), \(DayText.count(pack.jobs, "job"))"
            )
        case let .progressFile(learner, start):
            switch start {
            case let .started(level):
                print("\(learner.name): progress file \(learner.progressPath) started at \(direction.rawValue) level \(level).")
            case let .kept(level) where level != learner.level:
                print(
                    "\(learner.name): progress file \(learner.progressPath) is there, at \(direction.rawValue) level \(level): "
                        + "used as it is (the roster says \(learner.level ?? level)).")
            case .kept:
                print("\(learner.name): progress file \(learner.progressPath) is there, and used.")
            }
        }
    }

    /// `Made 12 lessons, kept 0 already complete, in 0:41.` and whether the pack is complete.
    static func report(_ summary: PackBuilder.Summary, root: String, elapsedSeconds: Double) {
        print("Made \(DayText.count(summary.made, "lesson")), kept \(summary.kept) already complete, in \(ProgressBar.clock(elapsedSeconds)).")
        if summary.manifestWritten {
            print(
                "The pack is complete: \(root)/index.html, \(root)/manifest.json (\(String(format: "%.1f", Double(summary.bytes) / 1_000_000)) MB).")
        } else {
            print("The pack is not complete yet: run the other shards (or this command without --shard) to finish it.")
        }
    }

    /// Checks every file of the manifest: present, same SHA-256 (`PackVerification`).
    func verify(_ root: String) throws {
        guard let count = try PackVerification.verify(root) else {
            throw ValidationError("\(root) has no manifest.json: it is not a finished pack.")
        }
        print("\(root): all \(count) files match the manifest.")
    }
}
