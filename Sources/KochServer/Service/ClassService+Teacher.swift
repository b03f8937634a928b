import HummingbirdBcrypt

extension ClassService {
    /// The shortest teacher's password taken.
    public static let teacherPasswordMinimumLength = 8
    /// bcrypt's cost for a teacher's password: 2^12 rounds, slow enough that a stolen hash resists guessing.
    public static let passwordCost: UInt8 = 12

    /// Sets the teacher's password, kept as its bcrypt hash; the sessions the old one opened end. A
    /// password shorter than `teacherPasswordMinimumLength` is refused and nothing changes.
    public func setTeacherPassword(_ password: String) throws {
        guard password.count >= Self.teacherPasswordMinimumLength else {
            throw ServerRefusal.badRequest(
                "A teacher's password has at least \(Self.teacherPasswordMinimumLength) characters; nothing was set.")
        }
        try database.setTeacherPasswordHash(Bcrypt.hash(password, cost: passwordCost))
    }

    /// Whether `password` is the teacher's; nil when none is set yet.
    public func teacherPasswordMatches(_ password: String) throws -> Bool? {
        guard let hash = try database.teacherPasswordHash() else { return nil }
        return Bcrypt.verify(password, hash: hash)
    }

    /// The addresses the links give: `given` (a `--url`), kept for the next start; else the last one
    /// given; else where the server listens now (`listening`), kept; else where it last listened.
    public func links(given: String?, listening: String?) throws -> Links {
        if let listening { try database.setSetting(named: "listenURL", to: listening) }
        if let given {
            if listening != nil { try database.setSetting(named: "publicURL", to: given) }
            return Links(publicURL: given)
        }
        if let kept = try database.setting(named: "publicURL") { return Links(publicURL: kept) }
        return Links(publicURL: try listening ?? database.setting(named: "listenURL") ?? "http://127.0.0.1:8080")
    }
}
