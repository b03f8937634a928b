/// A lesson's ID on the server: 16 random bytes in hexadecimal, made by the server when it makes
/// the lesson. It names the lesson in URLs and its folder under the data folder; one given by a
/// request is checked to be of this form before it is looked up (so none can be a path).
public struct LessonID: Sendable, Hashable, CustomStringConvertible {
    public let text: String

    /// A new ID.
    public init() {
        var generator = SystemRandomNumberGenerator()
        text = (0..<16).map { _ in String(UInt8.random(in: .min ... .max, using: &generator), radix: 16) }
            .map { $0.count == 1 ? "0" + $0 : $0 }.joined()
    }

    /// An ID read back from the database, which holds only IDs it made: taken as it is.
    init(stored text: String) {
        self.text = text
    }

    /// An ID as a request gives it, or nil when it is not 32 lowercase hexadecimal digits.
    public init?(given: some StringProtocol) {
        guard given.utf8.count == 32, given.utf8.allSatisfy({ (48...57).contains($0) || (97...102).contains($0) }) else { return nil }
        text = String(given)
    }

    public var description: String { text }
}
