/// One key pressed at the terminal during live practice.
public enum TerminalKey: Sendable, Hashable {
    /// A printable character, as typed (not upper-cased: the session decides).
    case character(Character)
    case space
    /// Backspace or Delete (bytes 8 and 127).
    case backspace
    /// Enter or Return (bytes 13 and 10).
    case enter
    /// Ctrl-C (byte 3): with the terminal raw it is a key, and the session decides what it stops.
    case interrupt
    /// The end of the input (a closed pipe, the end of a file), or Ctrl-D (byte 4).
    case endOfInput
    /// Anything else: an escape sequence (an arrow, a function key) taken whole, Escape on its
    /// own, another control character, or bytes that are not UTF-8.
    case other
}
