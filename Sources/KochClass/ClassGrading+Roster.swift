import KochCore
import KochIO

extension ClassGrading {
    /// Why a pack gives no roster to grade its class's returns by, when none is given.
    public enum RosterProblem: Error, Sendable, Hashable, CustomStringConvertible {
        /// The pack has no manifest: it is not a pack, or not yet finished.
        case noManifest(pack: String)
        /// The pack's manifest names no roster: a pack of levels, or one made before packs recorded it.
        case noRosterNamed(pack: String)

        public var description: String {
            switch self {
            case let .noManifest(pack):
                "\(pack) has no manifest.json (not a pack, or one not yet finished): finish it with koch pack, or give --roster class.csv."
            case let .noRosterNamed(pack):
                "\(pack)/manifest.json names no roster (a pack of levels, or one made before packs recorded it): give --roster class.csv."
            }
        }
    }

    /// The roster a finished class pack was made from, as its manifest names it, resolved relative
    /// to the pack (the manifest records it so, that a pack moved with its roster still finds it).
    /// Throws `RosterProblem` when the pack names none, and the manifest's reader's errors.
    public static func rosterNamed(byPack pack: String) throws -> String {
        guard let manifest = try PackManifest.read(inPack: pack) else { throw RosterProblem.noManifest(pack: pack) }
        guard let roster = manifest.roster else { throw RosterProblem.noRosterNamed(pack: pack) }
        return RelativePath.resolve(roster, from: pack)
    }

    /// The folder of the progress files of the roster's learners given a level, as the pack's manifest
    /// names it (`koch pack --progress-dir`), resolved relative to the pack; nil when it names none.
    public static func progressFolderNamed(byPack pack: String) throws -> String? {
        guard let folder = try PackManifest.read(inPack: pack)?.progressFolder else { return nil }
        return RelativePath.resolve(folder, from: pack)
    }
}

extension ClassGrading {
    /// The grading of the returns in `returns` of the class pack `pack`, by `roster` (else the
    /// roster the pack's manifest names), recording in `progressFolder` (else the folder the
    /// manifest names, else `progress/` beside the roster). Throws `RosterProblem` when no roster
    /// is given and the pack names none, and the manifest's reader's errors.
    public static func ofPack(
        _ pack: String, returns: String, roster: String?, progressFolder: String?, done: LocalTimestamp, gradedAt: LocalTimestamp
    ) throws -> ClassGrading {
        let pack = withoutTrailingSlash(pack)
        let roster = try roster ?? rosterNamed(byPack: pack)
        let progressFolder = try progressFolder ?? progressFolderNamed(byPack: pack)
        return ClassGrading(pack: pack, returns: returns, roster: roster, progressFolder: progressFolder, done: done, gradedAt: gradedAt)
    }
}
