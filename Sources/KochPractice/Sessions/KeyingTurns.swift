/// When what the microphone hears is the learner's keying, in a contact's session seconds: not
/// while the other station sends, nor for its tail in the room (the sound still in the output,
/// its echo), or a microphone near a speaker would read the other station as the learner.
/// Before any turn is given, everything heard is keying (`koch practice send`).
struct KeyingTurns: Sendable {
    /// Each change of turn: from `fromSeconds`, whether what is heard is keying; in time order.
    private var changes: [(fromSeconds: Double, readsKeying: Bool)] = []

    /// From `seconds` on, what is heard is keying or not; a later change given before stands
    /// no longer.
    mutating func set(readsKeying: Bool, fromSeconds seconds: Double) {
        changes.removeAll { $0.fromSeconds >= seconds }
        changes.append((seconds, readsKeying))
    }

    /// Whether what is heard at `seconds` is keying.
    func readsKeying(atSeconds seconds: Double) -> Bool {
        changes.last { $0.fromSeconds <= seconds }?.readsKeying ?? true
    }

    /// Sets to silence the samples of `block` heard outside the learner's turns, its first
    /// heard at `firstSeconds`; forgets the changes before it that no longer matter.
    mutating func silenceOthersTurns(in block: UnsafeMutableBufferPointer<Float>, firstSeconds: Double, sampleRateHz: Int) {
        guard !changes.isEmpty else { return }
        let rate = Double(sampleRateHz)
        for index in block.indices where !readsKeying(atSeconds: firstSeconds + Double(index) / rate) { block[index] = 0 }
        if let current = changes.lastIndex(where: { $0.fromSeconds <= firstSeconds }), current > 0 {
            changes.removeFirst(current)
        }
    }
}
