/// A stretch of key down: an element the keyer sounded, or a straight key's mark.
public struct KeyedElement: Sendable, Hashable, Codable {
    /// The keyer's dit or dah; nil for a straight key, whose marks are the operator's own.
    public let element: Element?
    public let startSeconds: Double
    public let durationSeconds: Double

    public init(element: Element?, startSeconds: Double, durationSeconds: Double) {
        self.element = element
        self.startSeconds = startSeconds
        self.durationSeconds = durationSeconds
    }

    public var endSeconds: Double { startSeconds + durationSeconds }
}
