/// The iambic keyer of the Z specification (`../shared/seeds/003`,
/// "Iambic Keyer: A Z Specification"), schema for schema, driven by paddle
/// events and by time, in the two modes of the keyers learners move on to
/// (Curtis A and B, as WinKeyer and transceivers have them). Time is in
/// seconds (the specification counts whole milliseconds; here an element
/// lasts exactly 1.2 / wpm s a unit, so that its audio has exact lengths).
///
/// An element, once started, always completes, in both modes. The opposite
/// paddle pressed while an element sounds is latched and plays next (paddle
/// memory). What differs is letting go of a squeeze: Mode A stops after the
/// element sounding; Mode B also latches the opposite paddle held as an
/// element starts, so the squeeze's alternation goes on for one element
/// more (K. Fischer, DJ5IL, "All about squeeze-keying", cq-cq.eu; K1EL's
/// WinKeyer datasheet, "Iambic A/B"). Squeezed dit first and let go during
/// the dah, Mode A sends A (`.-`) and Mode B R (`.-.`); squeezed dah first
/// and let go during the dit, N (`-.`) and K (`-.-`). The specification's
/// "Mode A" cut the element at the release (`TruncateElement`), which no
/// paddle user knows: it is left out.
///
/// Time moves only forward, by `advance(to:)`, which carries out every
/// transition that falls due on the way at the instant it falls due (the
/// specification's `Tick`, without a tick's granularity). Paddle events
/// change the paddle state at the current instant; the transition they
/// enable (`StartFromIdle`) is the tick's, carried out at that same instant
/// by the next `advance(to:)`, after every event of the instant: so both
/// paddles pressed at once start with a dit.
///
/// The keyer sounds elements; it does not decide where characters end.
/// Those boundaries have one owner, the decoder that reads the keyed
/// elements (the specification's lesson from a failed implementation with
/// two competing timeouts).
public struct IambicKeyer: Sendable {
    /// `KeyerPhase ::= keyerIdle | playing | gap`.
    public enum Phase: Sendable, Hashable {
        case idle
        case playing
        case gap
    }

    /// `minWpm`, `maxWpm`, `defaultWpm`.
    public static let speedsWPM = 5...40
    public static let defaultWPM = 13.0

    public private(set) var mode: IambicMode
    public private(set) var wpm: Double
    // PaddleState.
    public private(set) var ditHeld = false
    public private(set) var dahHeld = false
    // KeyerState.
    public private(set) var phase = Phase.idle
    public private(set) var currentElement = Element.dit
    public private(set) var elementStartSeconds = 0.0
    public private(set) var gapStartSeconds = 0.0
    public private(set) var pendingOpposite = false
    public private(set) var lastPlayedElement = Element.dit
    // KeyerOutput.
    public private(set) var toneActive = false
    public private(set) var now = 0.0
    /// The length of the element sounding, fixed when it starts (a change of speed applies from the next).
    private var elementDurationSeconds = 0.0
    /// The length of the gap under way, fixed when it starts.
    private var gapDurationSeconds = 0.0
    /// Every element sounded so far, in order.
    public private(set) var elements: [KeyedElement] = []

    /// `KeyerInit`, at a speed (5 to 40 WPM) and mode.
    public init(wpm: Double = Self.defaultWPM, mode: IambicMode = .b) {
        self.wpm = min(max(wpm, Double(Self.speedsWPM.lowerBound)), Double(Self.speedsWPM.upperBound))
        self.mode = mode
    }

    /// `ditDuration(wpm)`: one unit, 1.2 / wpm seconds (PARIS).
    public var unitSeconds: Double { Timing.unitSeconds(wpm: wpm) }

    /// `ditDuration`, `dahDuration` (three units).
    public func durationSeconds(of element: Element) -> Double { Double(element.units) * unitSeconds }

    private func isHeld(_ paddle: Paddle) -> Bool { paddle == .dit ? ditHeld : dahHeld }

    // MARK: Input operations

    /// `PaddleDownTotal` = `PaddleDown` ∨ `PaddleAlreadyHeld`: the paddle is held; pressed
    /// while the other paddle's element sounds, that element's opposite is latched to play next
    /// (`pendingOpposite`, the paddle memory).
    public mutating func paddleDown(_ paddle: Paddle) {
        guard !isHeld(paddle) else { return }
        if paddle == .dit { ditHeld = true } else { dahHeld = true }
        if phase == .playing, currentElement != paddle.element { pendingOpposite = true }
    }

    /// `PaddleUpTotal` = `PaddleUp` ∨ `PaddleNotHeld`: the paddle is let go. The sounding
    /// element completes in either mode.
    public mutating func paddleUp(_ paddle: Paddle) {
        guard isHeld(paddle) else { return }
        if paddle == .dit { ditHeld = false } else { dahHeld = false }
    }

    /// `SetWpmTotal`: a speed outside 5 to 40 WPM is refused (false). Applies from the next element.
    @discardableResult
    public mutating func setWPM(_ newWPM: Double) -> Bool {
        guard newWPM >= Double(Self.speedsWPM.lowerBound), newWPM <= Double(Self.speedsWPM.upperBound) else { return false }
        wpm = newWPM
        return true
    }

    /// `SetIambicMode`.
    public mutating func setMode(_ newMode: IambicMode) {
        mode = newMode
    }

    // MARK: Time

    /// `Tick`, repeated: advances the clock to `seconds`, carrying out each transition at the
    /// instant it falls due. Earlier times are ignored (time does not go back).
    public mutating func advance(to seconds: Double) {
        // The transition due at this very instant: the one the paddles just enabled.
        startFromIdleIfHeld()
        while let due = nextTransitionSeconds, due <= seconds {
            now = max(now, due)
            switch phase {
            case .playing: endElement()
            case .gap: endGap()
            case .idle: break
            }
        }
        now = max(now, seconds)
    }

    /// When the next transition falls due by time alone; nil when idle (a paddle pressed while
    /// idle starts an element at once, at the next `advance(to:)`).
    public var nextTransitionSeconds: Double? {
        switch phase {
        case .idle: nil
        case .playing: elementStartSeconds + elementDurationSeconds
        case .gap: gapStartSeconds + gapDurationSeconds
        }
    }

    /// Whether the tone sounds at `seconds` (now or later) if the paddles stay as they are: what a
    /// sidetone renders sample by sample between events, without moving the keyer's clock.
    public func toneOn(atSeconds seconds: Double) -> Bool {
        var probe = self
        // A fresh list: the probe's elements are thrown away, so the real list is never copied.
        probe.elements = []
        probe.advance(to: max(seconds, now))
        return probe.toneActive
    }

    /// Lets the keyer finish what it is doing with the paddles as they are: runs until idle, or
    /// (with a paddle held for ever) until `limitSeconds`.
    public mutating func finish(limitSeconds: Double) {
        advance(to: limitSeconds)
        if phase == .playing { truncateElement() }
    }

    // MARK: Internal transitions

    /// `StartFromIdle`: idle with a paddle held: its element sounds, dit first when both are held.
    private mutating func startFromIdleIfHeld() {
        guard phase == .idle, ditHeld || dahHeld else { return }
        start(ditHeld ? .dit : .dah)
    }

    private mutating func start(_ element: Element) {
        phase = .playing
        currentElement = element
        elementStartSeconds = now
        elementDurationSeconds = durationSeconds(of: element)
        gapStartSeconds = 0
        // Mode B remembers the squeeze: the opposite paddle held as the element starts plays
        // next even if both are let go before it ends.
        pendingOpposite = mode == .b && isHeld(element == .dit ? .dah : .dit)
        toneActive = true
    }

    /// `EndElement`: the element has sounded its length; a one-unit gap follows.
    private mutating func endElement() {
        elements.append(KeyedElement(element: currentElement, startSeconds: elementStartSeconds, durationSeconds: elementDurationSeconds))
        phase = .gap
        gapStartSeconds = now
        gapDurationSeconds = unitSeconds
        elementStartSeconds = 0
        lastPlayedElement = currentElement
        toneActive = false
    }

    /// `EndGapWithNext` or `EndGapToIdle`: after the gap, in order of priority, the latched
    /// opposite; with both paddles held (a squeeze), the opposite of the element before; the
    /// held paddle's element; else idle.
    private mutating func endGap() {
        let next: Element?
        if pendingOpposite || (ditHeld && dahHeld) {
            next = lastPlayedElement == .dit ? .dah : .dit
        } else if ditHeld {
            next = .dit
        } else if dahHeld {
            next = .dah
        } else {
            next = nil
        }
        if let next {
            start(next)
        } else {
            phase = .idle
            elementStartSeconds = 0
            gapStartSeconds = 0
            pendingOpposite = false
            toneActive = false
        }
    }

    /// The element stops now and the keyer is idle: only for a paddle held past `finish`'s limit.
    private mutating func truncateElement() {
        let sounded = now - elementStartSeconds
        if sounded > 0 {
            elements.append(KeyedElement(element: currentElement, startSeconds: elementStartSeconds, durationSeconds: sounded))
        }
        phase = .idle
        elementStartSeconds = 0
        gapStartSeconds = 0
        pendingOpposite = false
        lastPlayedElement = currentElement
        toneActive = false
    }
}
