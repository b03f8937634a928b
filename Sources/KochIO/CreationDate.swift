import Foundation

/// When koch made a lesson or a pack: the time its answer keys, sheets and manifest carry.
///
/// One rule for both, in this order:
/// 1. `SOURCE_DATE_EPOCH` (reproducible-builds.org) when set: the same command and seed then
///    make the same bytes, whenever they run;
/// 2. the time recorded by the pack being finished (its journals, else its manifest), so that a
///    pack resumed a day later, or run again once complete, has the time it was begun at in every
///    file, and its files, made on different days, are the bytes one run would have made;
/// 3. now, as the run's clock tells it (`RunClock`, which a test sets with `KOCH_NOW`).
///
/// Now is taken in whole seconds, as the keys and the manifest write it, so that a time read
/// back from a manifest is the one the pack was made with.
public enum CreationDate {
    public static let variable = "SOURCE_DATE_EPOCH"

    /// `now`: the run's present; `recorded`: the time of the pack being finished, nil for a new one.
    public static func date(
        now: Date, recorded: Date? = nil, environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> Date {
        if let seconds = environment[variable].flatMap(Double.init) { return Date(timeIntervalSince1970: seconds) }
        return recorded ?? Date(timeIntervalSince1970: now.timeIntervalSince1970.rounded(.down))
    }
}
