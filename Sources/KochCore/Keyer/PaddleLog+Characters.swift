extension PaddleLog {
    /// Every character keyed in the log, read as live keying reads them (`LiveKeying`): the
    /// paddles through the keyer at `wpm` in `mode`, a straight key by its own unit, each
    /// character once its gap has ended, and the last once the key has rested. What a page that
    /// is the key shows the learner character by character, from the log so far.
    public func characters(wpm: Double, mode: IambicMode) -> [LiveKeyedCharacter] {
        var live = LiveKeying(wpm: wpm, mode: mode)
        var read: [LiveKeyedCharacter] = []
        for event in events {
            switch event.action {
            case let .down(input):
                read += live.endedCharacters(atSeconds: event.seconds)
                live.press(input, isDown: true, atSeconds: event.seconds)
            case let .up(input):
                live.press(input, isDown: false, atSeconds: event.seconds)
            case .wpm:
                // The keyer keeps the speed it starts at here: a page's key sends no speed.
                break
            }
        }
        // Rested long after the last event: every character has ended (a key held to the end is let up).
        let restSeconds = 60.0
        if let last = events.last?.seconds {
            live.press(.straightKey, isDown: false, atSeconds: last)
            live.press(.paddle(.dit), isDown: false, atSeconds: last)
            live.press(.paddle(.dah), isDown: false, atSeconds: last)
            read += live.endedCharacters(atSeconds: last + restSeconds)
        }
        return read
    }
}
