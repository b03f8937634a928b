import Foundation

extension PackPlan {
    /// A folder-name slug: lower-case ASCII letters and digits, words joined by `-`. Names are
    /// transliterated first, so that `Anna Müller` is `anna-muller`, `Jürgen Groß` `jurgen-gross`
    /// and `Иван Петров` `ivan-petrov`; a name with nothing to spell in Latin letters (emoji, say)
    /// gets eight hexadecimal digits of its hash, the same on every machine and apart from another name's.
    public static func slug(_ name: String) -> String {
        let slug = asciiSlug(latin(name))
        return slug.isEmpty ? String(String(fnv1a(name), radix: 16).suffix(8)) : slug
    }

    /// `text`'s ASCII letters and digits, lower-cased, each run of other characters one `-`: a
    /// name not transliterated first, as packs made before names were name their folders
    /// (`Anna Müller`: `anna-m-ller`).
    public static func asciiSlug(_ text: String) -> String {
        var slug = ""
        for character in text.lowercased() {
            if character.isASCII && (character.isLetter || character.isNumber) {
                slug.append(character)
            } else if !slug.isEmpty && slug.last != "-" {
                slug.append("-")
            }
        }
        while slug.last == "-" { slug.removeLast() }
        return slug
    }

    /// Letters ICU's transforms leave as they are, spelled as their languages spell them in ASCII.
    private static let ligatures: [Character: String] = [
        "ß": "ss", "ẞ": "SS", "æ": "ae", "Æ": "AE", "œ": "oe", "Œ": "OE", "ø": "o", "Ø": "O", "ł": "l", "Ł": "L",
        "đ": "d", "Đ": "D", "ð": "d", "Ð": "D", "þ": "th", "Þ": "TH", "ı": "i", "ħ": "h", "Ħ": "H",
    ]

    /// The name in Latin letters without diacritics: other scripts transliterated (ICU's Any-Latin), accents taken off.
    static func latin(_ name: String) -> String {
        let inLatin = name.applyingTransform(.toLatin, reverse: false) ?? name
        let plain = inLatin.applyingTransform(.stripDiacritics, reverse: false) ?? inLatin
        return plain.reduce(into: "") { text, character in text += ligatures[character] ?? String(character) }
    }
}
