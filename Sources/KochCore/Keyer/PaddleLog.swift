/// A log of key events, read from text, and what was keyed with it.
///
/// Two formats are read (a `#` starts a comment; blank lines are skipped):
/// - koch's own, one event a line: a time in seconds, then `dit`, `dah` or
///   `key` (a straight key), then `down` or `up`; or a time, `wpm` and a
///   speed (5 to 40) for the keyer from then on:
///   ```
///   0.000 dit down
///   0.050 dit up
///   1.200 key down
///   ```
/// - the text Linux's `evtest` prints for a keyboard-like paddle adapter:
///   `Event: time 1700000000.123456, type 1 (EV_KEY), code 29 (KEY_LEFTCTRL), value 1`
///   (value 1 down, 0 up, 2 the keyboard's auto-repeat, ignored), with a
///   mapping of which key is which paddle; times count from the first event.
public struct PaddleLog: Sendable {
    /// Which `evtest` key names are the paddles or the straight key.
    public struct KeyMapping: Sendable, Hashable {
        public var dit: String
        public var dah: String
        public var straightKey: String?

        /// Left and right Ctrl: what common USB paddle adapters send.
        public static let usual = KeyMapping(dit: "KEY_LEFTCTRL", dah: "KEY_RIGHTCTRL", straightKey: nil)

        public init(dit: String, dah: String, straightKey: String? = nil) {
            self.dit = dit
            self.dah = dah
            self.straightKey = straightKey
        }
    }

    /// A line that cannot be read, with its number.
    public struct Problem: Error, Sendable, Hashable, CustomStringConvertible {
        public let line: Int
        public let reason: String
        public var description: String { "line \(line): \(reason)" }
    }

    public let events: [PaddleEvent]

    /// The longest log read, from its first event to its last: two hours of practice.
    public static let longestSeconds = 2 * 3600.0

    /// Reads either format (an `evtest` log is recognised by its `Event:` lines).
    public init(text: String, mapping: KeyMapping = .usual) throws(Problem) {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let events = try lines.contains(where: { $0.hasPrefix("Event: time ") }) ? Self.evtest(lines, mapping: mapping) : Self.plain(lines)
        try self.init(events: events, lastLine: lines.count)
    }

    /// A log of events made as they happened (live keying), with the checks a read log has: not
    /// empty, in order, at most `longestSeconds` long.
    public init(events: [PaddleEvent]) throws(Problem) {
        try self.init(events: events, lastLine: events.count)
    }

    private init(events: [PaddleEvent], lastLine: Int) throws(Problem) {
        self.events = events
        guard !events.isEmpty else { throw Problem(line: lastLine, reason: "the log holds no key events.") }
        // The keyer sounds a held paddle element by element, so a log's length is work: a day-long hold is a hang.
        if let start = events.first?.seconds, let late = events.first(where: { $0.seconds - start > Self.longestSeconds }) {
            throw Problem(
                line: late.line,
                reason:
                    "this event comes \(late.seconds - start) s after the first; koch reads logs of up to \(Int(Self.longestSeconds) / 3600) hours: cut a longer one into parts."
            )
        }
        // Stable: events at the same instant keep the order they were written in.
        if zip(events, events.dropFirst()).contains(where: { $0.seconds > $1.seconds }) {
            let late = zip(events, events.dropFirst()).first { $0.seconds > $1.seconds }
            throw Problem(
                line: late?.1.line ?? 0,
                reason: "the time goes back (\(late.map { "\($0.1.seconds) after \($0.0.seconds)" } ?? "")); events must be in order.")
        }
    }

    private static func plain(_ lines: [Substring]) throws(Problem) -> [PaddleEvent] {
        var events: [PaddleEvent] = []
        for (index, raw) in lines.enumerated() {
            let number = index + 1
            let text = raw.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
            let fields = text.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\r" || $0 == "," })
            guard !fields.isEmpty else { continue }
            guard fields.count == 3, let seconds = Double(fields[0]), seconds.isFinite, seconds >= 0 else {
                throw Problem(line: number, reason: "\"\(raw.trimmingCharacters())\" is not TIME dit|dah|key down|up, nor TIME wpm N.")
            }
            let what = fields[1].lowercased(), how = fields[2].lowercased()
            let action: PaddleEvent.Action
            if what == "wpm" {
                guard let speed = Double(how), speed >= Double(IambicKeyer.speedsWPM.lowerBound), speed <= Double(IambicKeyer.speedsWPM.upperBound)
                else {
                    throw Problem(line: number, reason: "the keyer's speed must be 5 to 40 WPM, not \(how).")
                }
                action = .wpm(speed)
            } else {
                let input: PaddleEvent.Input
                switch what {
                case "dit": input = .paddle(.dit)
                case "dah": input = .paddle(.dah)
                case "key": input = .straightKey
                default: throw Problem(line: number, reason: "\"\(fields[1])\" is not dit, dah, key or wpm.")
                }
                switch how {
                case "down": action = .down(input)
                case "up": action = .up(input)
                default: throw Problem(line: number, reason: "\"\(fields[2])\" is not down or up.")
                }
            }
            events.append(PaddleEvent(seconds: seconds, action: action, line: number))
        }
        return events
    }

    private static func evtest(_ lines: [Substring], mapping: KeyMapping) throws(Problem) -> [PaddleEvent] {
        var events: [PaddleEvent] = []
        var firstSeconds: Double?
        var keysSeen = Set<String>()
        for (index, raw) in lines.enumerated() where raw.hasPrefix("Event: time ") && raw.contains("(EV_KEY)") {
            let number = index + 1
            guard let timeText = raw.dropFirst("Event: time ".count).split(separator: ",").first, let time = Double(timeText), time.isFinite,
                let codeStart = raw.range(of: "code "), let valueStart = raw.range(of: "value ")
            else { throw Problem(line: number, reason: "this evtest line cannot be read: \(raw)") }
            let codePart = raw[codeStart.upperBound...]
            guard let open = codePart.firstIndex(of: "("), let close = codePart.firstIndex(of: ")"), open < close,
                let value = Int(raw[valueStart.upperBound...].prefix { $0.isNumber || $0 == "-" })
            else { throw Problem(line: number, reason: "this evtest line has no key name or value: \(raw)") }
            let name = String(codePart[codePart.index(after: open)..<close])
            keysSeen.insert(name)
            let input: PaddleEvent.Input
            if name == mapping.dit {
                input = .paddle(.dit)
            } else if name == mapping.dah {
                input = .paddle(.dah)
            } else if let key = mapping.straightKey, name == key {
                input = .straightKey
            } else {
                continue
            }
            guard value == 0 || value == 1 else { continue }  // 2: auto-repeat of a held key
            let start = firstSeconds ?? time
            firstSeconds = start
            events.append(PaddleEvent(seconds: time - start, action: value == 1 ? .down(input) : .up(input), line: number))
        }
        if events.isEmpty, !keysSeen.isEmpty {
            let wanted = [mapping.dit, mapping.dah] + (mapping.straightKey.map { [$0] } ?? [])
            throw Problem(
                line: lines.count,
                reason:
                    "no event of \(wanted.joined(separator: ", ")); the keys in the log are \(keysSeen.sorted().joined(separator: ", ")). Say which is which with --paddle-keys DIT,DAH."
            )
        }
        return events
    }

    /// The keyer's speeds over the log, in order, starting from `wpm` (a `wpm` line before the
    /// first key event replaces it).
    public func speedsWPM(startingAt wpm: Double) -> [Double] {
        var speeds = [wpm]
        var keyed = false
        for event in events {
            switch event.action {
            case let .wpm(speed):
                if keyed { speeds.append(speed) } else { speeds[speeds.count - 1] = speed }
            default:
                keyed = true
            }
        }
        return speeds.reduce(into: []) { if $0.last != $1 { $0.append($1) } }
    }

    /// Whether the log is of a straight key (its own timing) rather than paddles.
    public var isStraightKey: Bool {
        events.contains { event in
            switch event.action {
            case .down(.straightKey), .up(.straightKey): true
            default: false
            }
        }
    }

    /// What was keyed: the paddles through an iambic keyer starting at `wpm` in `mode`, and a
    /// straight key's marks as they were. A key still down at the end is let up there.
    public func keyed(wpm: Double, mode: IambicMode) -> [KeyedElement] {
        var keyer = IambicKeyer(wpm: wpm, mode: mode)
        var straight: [KeyedElement] = []
        var straightDown: Double?
        var instant = -Double.infinity
        for event in events {
            // Every event of an instant applies before the keyer acts on them (both paddles at once: a dit first).
            if event.seconds > instant {
                keyer.advance(to: event.seconds)
                instant = event.seconds
            }
            switch event.action {
            case let .down(.paddle(paddle)): keyer.paddleDown(paddle)
            case let .up(.paddle(paddle)): keyer.paddleUp(paddle)
            case let .wpm(speed): keyer.setWPM(speed)
            case .down(.straightKey): straightDown = straightDown ?? event.seconds
            case .up(.straightKey):
                if let start = straightDown, event.seconds > start {
                    straight.append(KeyedElement(element: nil, startSeconds: start, durationSeconds: event.seconds - start))
                }
                straightDown = nil
            }
        }
        let end = events.last?.seconds ?? 0
        if let start = straightDown, end > start {
            straight.append(KeyedElement(element: nil, startSeconds: start, durationSeconds: end - start))
        }
        // Paddles still held at the end are let go there; the keyer completes what it sounds.
        keyer.advance(to: end)
        keyer.paddleUp(.dit)
        keyer.paddleUp(.dah)
        keyer.finish(limitSeconds: end + 1)
        return (keyer.elements + straight).sorted { $0.startSeconds < $1.startSeconds }
    }
}

extension Substring {
    fileprivate func trimmingCharacters() -> String {
        String(drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" || $0 == "\r" }.reversed())
    }
}
