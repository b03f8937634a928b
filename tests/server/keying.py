"""A straight key's keying as koch's own timing sends it (PARIS: a dit one unit, a dah three, one
between elements, three between characters, seven between words), for the tests and the bench that
key an exercise: on a page's screen key, as a key log, or as a recording."""

MORSE = {
    "A": ".-", "B": "-...", "C": "-.-.", "D": "-..", "E": ".", "F": "..-.", "G": "--.", "H": "....", "I": "..",
    "J": ".---", "K": "-.-", "L": ".-..", "M": "--", "N": "-.", "O": "---", "P": ".--.", "Q": "--.-", "R": ".-.",
    "S": "...", "T": "-", "U": "..-", "V": "...-", "W": ".--", "X": "-..-", "Y": "-.--", "Z": "--..",
    "0": "-----", "1": ".----", "2": "..---", "3": "...--", "4": "....-", "5": ".....", "6": "-....", "7": "--...",
    "8": "---..", "9": "----.", "/": "-..-.", "?": "..--..", ".": ".-.-.-", ",": "--..--", "=": "-...-",
}


def straight_key_elements(words, unit):
    """(key down?, seconds) in turn, from the first down to the last up."""
    elements = []
    for w, word in enumerate(words):
        for c, character in enumerate(word):
            if w > 0 and c == 0:
                elements.append((False, 7 * unit))
            elif c > 0:
                elements.append((False, 3 * unit))
            for s, sign in enumerate(MORSE[character]):
                if s > 0:
                    elements.append((False, unit))
                elements.append((True, (3 if sign == "-" else 1) * unit))
    return elements


def straight_key_log(words, unit, start_seconds=0.0):
    """koch's key log of `words` (`0.0000 key down` …), as `koch grade --events` reads one."""
    lines, seconds = [], start_seconds
    for down, length in straight_key_elements(words, unit):
        if down:
            lines += [f"{seconds:.4f} key down", f"{seconds + length:.4f} key up"]
        seconds += length
    return "\n".join(lines) + "\n"
