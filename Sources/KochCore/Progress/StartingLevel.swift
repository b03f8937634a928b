/// Where a learner starts in one direction when a teacher places them above level 2 (a roster's
/// `name, level` line): the first `level` characters of `course` unlocked before any session,
/// as if the learner had passed every level below it. Sessions then move the level from there.
public struct StartingLevel: Sendable, Hashable, Codable {
    public let level: Int
    public let course: KochCourse

    public init(level: Int, course: KochCourse) {
        self.level = level
        self.course = course
    }
}

/// A progress file's starting levels, by direction (a direction without one starts at level 2).
public struct StartingLevels: Sendable, Hashable, Codable {
    public var receive: StartingLevel?
    public var send: StartingLevel?

    public init(receive: StartingLevel? = nil, send: StartingLevel? = nil) {
        self.receive = receive
        self.send = send
    }

    public subscript(direction: Direction) -> StartingLevel? {
        get {
            switch direction {
            case .receive: receive
            case .send: send
            }
        }
        set {
            switch direction {
            case .receive: receive = newValue
            case .send: send = newValue
            }
        }
    }

    public var isEmpty: Bool { receive == nil && send == nil }
}
