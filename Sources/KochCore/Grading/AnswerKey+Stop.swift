extension AnswerKey {
    /// The key of a lesson stopped `seconds` after its start: the groups that
    /// started before that moment (a lesson stopped early still scores,
    /// on what was sent). The key itself when nothing is cut.
    public func stopped(atSeconds seconds: Double) -> AnswerKey {
        var cut = self
        cut.groups = groups.filter { $0.startSeconds < seconds }
        return cut
    }
}
