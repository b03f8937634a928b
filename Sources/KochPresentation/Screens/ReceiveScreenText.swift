import KochCore

/// The screen of live receive practice, as lines of plain text: a header with the lesson's time
/// and the keys to press, then the groups as boxes in rows that fit the width, with what was typed
/// for each group under its box.
///
/// A box has a dot for each character sent (`[· · · · ·]`) until the sent text may be shown
/// (`[K M R S U]`): after the group's window for typing closes (`ShowSent.afterGroup`), or once the
/// lesson is over (`.end`). The group being sent marks its box with `>`. Rows are separated by an
/// empty line. A lesson that opens with its newest character on its own shows what was typed for
/// that introduction on a line of its own, under the header.
public struct ReceiveScreenText: Sendable {
    public var copy: ReceiveCopy
    public var lessonSeconds: Double
    public var isPaused: Bool
    public var showSent: ShowSent
    public var widthColumns: Int
    /// When set, only the last rows up to the one being sent, at most this many (a screen's height).
    public var rowLimit: Int?
    /// Whether `q` stops the lesson; where the lesson has a Q to copy, Ctrl-C does.
    public var quitsOnQ = true

    public init(
        copy: ReceiveCopy, lessonSeconds: Double, isPaused: Bool, showSent: ShowSent, widthColumns: Int, rowLimit: Int? = nil
    ) {
        self.copy = copy
        self.lessonSeconds = lessonSeconds
        self.isPaused = isPaused
        self.showSent = showSent
        self.widthColumns = widthColumns
        self.rowLimit = rowLimit
    }

    private var key: AnswerKey { copy.key }
    private var isOver: Bool { lessonSeconds >= key.durationSeconds }

    public var lines: [String] {
        var rows = Self.rows(of: key.groups.indices.map(cell), widthColumns: widthColumns)
        if let limit = rowLimit, rows.count > limit, limit > 0 {
            let current = rows.firstIndex { $0.groups.contains(currentGroup ?? -1) } ?? rows.count - 1
            let end = max(current + 1, min(limit, rows.count))
            rows = Array(rows[(end - limit)..<end])
        }
        let introduction = key.introduction.map { _ in ["introduction, not graded: " + Self.spaced(copy.typedIntroduction)] } ?? []
        let header = ScreenLineWrapping.lines(header, widthColumns: widthColumns)
        return header + introduction + rows.enumerated().flatMap { index, row in (index > 0 ? [""] : []) + [row.boxes, row.typed] }
    }

    /// `1:05 / 5:00  space pauses · q stops and grades`, or shorter where that does not fit (and
    /// broken at its spaces where even that does not).
    public var header: String {
        let time = "\(Self.minutesSeconds(lessonSeconds)) / \(Self.minutesSeconds(key.durationSeconds))"
        if isOver { return "\(time)  the lesson is over" }
        let stop = quitsOnQ ? "q" : "Ctrl-C"
        let full = isPaused ? "\(time)  paused: space resumes · \(stop) stops and grades" : "\(time)  space pauses · \(stop) stops and grades"
        guard full.count > widthColumns else { return full }
        return isPaused ? "\(time)  paused · space: resume" : "\(time)  space: pause · \(stop): stop"
    }

    /// The group sounding, or the last one started while the lesson plays; nil before the first
    /// group and once the lesson is over.
    public var currentGroup: Int? {
        guard !isOver else { return nil }
        return key.groups.lastIndex { $0.startSeconds <= lessonSeconds }
    }

    private func isSentShown(ofGroup index: Int) -> Bool {
        switch showSent {
        case .afterGroup: isOver || !copy.isWindowOpen(ofGroup: index, atLessonSeconds: lessonSeconds)
        case .end: isOver
        }
    }

    /// A group's box and what was typed under it, padded to the same width.
    private func cell(_ index: Int) -> (box: String, typed: String) {
        let sent = WrittenTokens.split(key.groups[index].text)
        let inside = isSentShown(ofGroup: index) ? sent.joined(separator: " ") : sent.map { _ in "·" }.joined(separator: " ")
        let marker = index == currentGroup ? ">" : " "
        let box = "\(marker)[\(inside)]"
        let typed = "  " + Self.spaced(copy.typedByGroup[index])
        let width = max(box.count, typed.count)
        return (box.padding(width), typed.padding(width))
    }

    private static func rows(of cells: [(box: String, typed: String)], widthColumns: Int) -> [(groups: [Int], boxes: String, typed: String)] {
        var rows: [(groups: [Int], boxes: String, typed: String)] = []
        for (index, cell) in cells.enumerated() {
            if let last = rows.last, last.boxes.count + 1 + cell.box.count <= widthColumns {
                rows[rows.count - 1] = (last.groups + [index], last.boxes + " " + cell.box, last.typed + " " + cell.typed)
            } else {
                rows.append(([index], cell.box, cell.typed))
            }
        }
        return rows.map { ($0.groups, $0.boxes.trimmingTrailingSpaces, $0.typed.trimmingTrailingSpaces) }
    }

    private static func spaced(_ typed: String) -> String {
        typed.map(String.init).joined(separator: " ")
    }

    static func minutesSeconds(_ seconds: Double) -> String {
        let whole = max(0, Int(seconds.rounded(.down)))
        let remainder = whole % 60
        return "\(whole / 60):\(remainder < 10 ? "0" : "")\(remainder)"
    }
}

extension String {
    fileprivate func padding(_ width: Int) -> String {
        count >= width ? self : self + String(repeating: " ", count: width - count)
    }

    fileprivate var trimmingTrailingSpaces: String {
        String(self[..<(lastIndex { $0 != " " }.map(index(after:)) ?? startIndex)])
    }
}
