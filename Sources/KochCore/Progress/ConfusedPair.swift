/// Two characters the learner took for each other, with how often each way and how much the
/// confusion weighs for a drill (`ConfusedPairs`).
///
/// The pair is unordered; `first` is the character more often taken for the other (sent
/// `first`, written or keyed as `second`), so that its text opens with the commoner mistake. A
/// character sent and written as another was taken for it: R heard and K written is "R taken for K".
public struct ConfusedPair: Sendable, Hashable {
    public let first: String
    public let second: String
    /// Times `first` was taken for `second`: `second` written (or read from the keying) where `first` was sent.
    public let firstTakenForSecond: Int
    /// Times `second` was taken for `first`: `first` written (or read from the keying) where `second` was sent.
    public let secondTakenForFirst: Int
    /// The confusions each weighed by how lately they happened (`ConfusedPairs.recencyWeight`).
    public let weight: Double
    /// How many sessions the counts cover: the direction's last ones, at most `ConfusedPairs.windowSessions`.
    public let sessionCount: Int

    public init(first: String, second: String, firstTakenForSecond: Int, secondTakenForFirst: Int, weight: Double, sessionCount: Int) {
        self.first = first
        self.second = second
        self.firstTakenForSecond = firstTakenForSecond
        self.secondTakenForFirst = secondTakenForFirst
        self.weight = weight
        self.sessionCount = sessionCount
    }

    /// Both characters, the one more often taken for the other first.
    public var characters: [String] { [first, second] }

    /// Confusions both ways.
    public var count: Int { firstTakenForSecond + secondTakenForFirst }

    /// `R taken for K 7 times in the last 5 sessions`, or with the other way too
    /// `R taken for K 7 times and K for R once in the last 5 sessions`.
    public var text: String {
        var text = "\(first) taken for \(second) \(Self.times(firstTakenForSecond))"
        if secondTakenForFirst > 0 { text += " and \(second) for \(first) \(Self.times(secondTakenForFirst))" }
        return text + " in the last " + (sessionCount == 1 ? "session" : "\(sessionCount) sessions")
    }

    /// `once`, `7 times`.
    static func times(_ count: Int) -> String { count == 1 ? "once" : "\(count) times" }
}
