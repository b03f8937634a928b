/// When live receive practice shows what was sent in a group's box.
public enum ShowSent: String, Sendable, Hashable, CaseIterable {
    /// Once the group's window for typing has closed (the next group has ended).
    case afterGroup = "after-group"
    /// Only when the lesson is over.
    case end
}
