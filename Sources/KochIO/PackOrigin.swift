import Foundation
import KochCore

/// The seed and the time a pack is made with. Run again on a folder that holds a pack, unfinished
/// or complete, the same command finishes or keeps that pack: without `--seed` it takes the seed
/// the pack was begun with, and the time it was begun at (`CreationDate`), so that every file of a
/// pack made over several runs is the byte it would be from one.
public struct PackOrigin: Sendable, Hashable {
    public let seed: UInt64
    public let createdAt: Date

    public init(seed: UInt64, createdAt: Date) {
        self.seed = seed
        self.createdAt = createdAt
    }

    /// What the pack in `root` records: its journals' (an unfinished pack), else its manifest's;
    /// nil for a folder without a pack.
    public static func recorded(inPack root: String) throws -> PackOrigin? {
        if let journal = try PackJournal.readAll(inPack: root).first {
            return PackOrigin(seed: journal.seed, createdAt: journal.createdAt)
        }
        return try PackManifest.read(inPack: root).map { PackOrigin(seed: $0.seed, createdAt: $0.createdAt) }
    }

    /// The seed given, else the one recorded in `root`, else `newSeed`; the time by `CreationDate`'s rule.
    public static func resolve(
        inPack root: String, seed: UInt64?, newSeed: () -> UInt64, now: Date,
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws -> PackOrigin {
        let recorded = try Self.recorded(inPack: root)
        return PackOrigin(
            seed: seed ?? recorded?.seed ?? newSeed(),
            createdAt: CreationDate.date(now: now, recorded: recorded?.createdAt, environment: environment))
    }
}
