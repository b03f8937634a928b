extension AnswerKey {
    /// The key of a lesson stopped `seconds` after its start: the groups that
    /// started before that moment (a lesson stopped early still scores,
    /// on what was sent). The key itself when nothing is cut.
    public func stopped(atSeconds seconds: Double) -> AnswerKey {
        var cut = self
        cut.groups = groups.filter { $0.startSeconds < seconds }
        return cut
    }

    /// The key of the first `count` groups: a keying of the sheet that ended there (`KeyingStop`).
    public func stopped(afterGroups count: Int) -> AnswerKey {
        var cut = self
        cut.groups = Array(groups.prefix(count))
        return cut
    }

    /// The moment of the lesson by which its first `count` groups were sent: the start of the
    /// next, so that `stopped(atSeconds:)` cuts there too. Nil when no group is left out.
    public func stopSeconds(afterGroups count: Int) -> Double? {
        groups.indices.contains(count) && count > 0 ? groups[count].startSeconds : nil
    }
}
