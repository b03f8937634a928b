import Foundation
import KochCore

/// The record of an unfinished lesson pack, kept in `PACK/.koch-pack/`: which
/// files are complete, with their sizes and SHA-256, so that a run that was
/// interrupted (Ctrl-C, a crash, a full disk) can be finished by running the
/// same command again. Each shard keeps its own journal; they are removed
/// when the pack's manifest is written.
public struct PackJournal: Sendable, Codable {
    public var seed: UInt64
    /// Identifies the pack's content (every lesson ID and the formats), so a
    /// different command is not mistaken for a resume.
    public var planSignature: String
    /// When the pack was begun (`CreationDate`), for a run that finishes it.
    public var createdAt: Date
    public var files: [PackManifest.File]

    public init(seed: UInt64, planSignature: String, createdAt: Date, files: [PackManifest.File] = []) {
        self.seed = seed
        self.planSignature = planSignature
        self.createdAt = createdAt
        self.files = files
    }

    private enum CodingKeys: String, CodingKey {
        case seed, planSignature, createdAt, files
    }

    /// A journal without a time was begun by a koch whose packs were made at the epoch unless
    /// `SOURCE_DATE_EPOCH` said otherwise (and then says so again).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        seed = try container.decode(UInt64.self, forKey: .seed)
        planSignature = try container.decode(String.self, forKey: .planSignature)
        createdAt = try container.decodeIfPresent(Date.self, forKey: .createdAt) ?? Date(timeIntervalSince1970: 0)
        files = try container.decode([PackManifest.File].self, forKey: .files)
    }

    public static func folder(inPack root: String) -> String { root + "/.koch-pack" }

    public static func path(inPack root: String, shard: Int, of shardCount: Int) -> String {
        folder(inPack: root) + "/shard-\(shard)-of-\(shardCount).json"
    }

    /// Every journal in the pack folder (none for a new pack).
    public static func readAll(inPack root: String) throws -> [PackJournal] {
        let folder = folder(inPack: root)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        return try names.filter { $0.hasSuffix(".json") }.sorted().compactMap { name in
            let path = folder + "/" + name
            // A journal removed by a shard that just finished the pack is no loss.
            guard let bytes = try FileBytes.read(path) else { return nil }
            return try decode(bytes, path: path)
        }
    }

    /// A journal's bytes, read from `path` (named in a message).
    public static func decode(_ bytes: [UInt8], path: String) throws(FileError) -> PackJournal {
        do {
            return try JSONDecoder().decode(PackJournal.self, from: Data(bytes))
        } catch {
            throw .malformed(
                path: path,
                reason:
                    "this record of an unfinished pack cannot be read (\(error)). Remove the folder \(FileBytes.folder(of: path)) to make the pack anew."
            )
        }
    }

    public func write(to path: String) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        try AtomicFile.write(Array(try encoder.encode(self)), to: path)
    }
}

extension PackManifest {
    public static func encode(_ manifest: PackManifest) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        return String(decoding: try encoder.encode(manifest), as: UTF8.self) + "\n"
    }

    /// The manifest of a finished pack, or nil if there is none.
    public static func read(inPack root: String) throws -> PackManifest? {
        let path = root + "/manifest.json"
        guard let bytes = try FileBytes.read(path) else { return nil }
        return try decode(bytes, path: path)
    }

    /// A manifest's bytes, read from `path` (named in a message).
    public static func decode(_ bytes: [UInt8], path: String) throws(FileError) -> PackManifest {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        do {
            return try decoder.decode(PackManifest.self, from: Data(bytes))
        } catch {
            throw .malformed(path: path, reason: "the pack's manifest cannot be read (\(error)); remove it to check and finish the pack anew.")
        }
    }
}
