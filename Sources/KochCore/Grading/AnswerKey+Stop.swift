extension AnswerKey {
    /// The key of a lesson stopped `seconds` after its start: the groups sent before that moment
    /// (a lesson stopped early still scores, on what was sent). The key itself when nothing is cut.
    ///
    /// The one rule for every stop (`koch grade --stopped-at`, and live practice stopped by the
    /// learner or by the sound device going away): a group was sent only if its sound had ended
    /// at the stop (`wasSent(_:beforeStopAtSeconds:)`); a group still sounding was not heard
    /// whole, and is left out rather than counted missed.
    public func stopped(atSeconds seconds: Double) -> AnswerKey {
        var cut = self
        cut.groups = groups.filter { Self.wasSent($0, beforeStopAtSeconds: seconds) }
        return cut
    }

    /// Whether `group` had been sent whole, its sound ended, by a stop `seconds` into the lesson.
    public static func wasSent(_ group: Group, beforeStopAtSeconds seconds: Double) -> Bool {
        group.endSeconds <= seconds
    }

    /// The key of the first `count` groups: a keying of the sheet that ended there (`KeyingStop`).
    public func stopped(afterGroups count: Int) -> AnswerKey {
        var cut = self
        cut.groups = Array(groups.prefix(count))
        return cut
    }

    /// The moment of the lesson by which its first `count` groups were sent: the start of the
    /// next (after the others' ends), so that `stopped(atSeconds:)` cuts there too. Nil when no group is left out.
    public func stopSeconds(afterGroups count: Int) -> Double? {
        groups.indices.contains(count) && count > 0 ? groups[count].startSeconds : nil
    }
}
