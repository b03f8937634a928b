/// Text made safe to put in an XML document: inside an element or a quoted attribute, or in a CDATA section.
///
/// The five characters XML gives a meaning (`&`, `<`, `>`, `"`, `'`) become entities, and the characters
/// XML 1.0 does not allow at all (controls other than tab, line feed and carriage return, U+FFFE, U+FFFF)
/// are left out: a name typed with one of them would otherwise make the whole feed unreadable.
enum XMLText {
    /// `text` escaped for an element's content or an attribute's value.
    static func escaped(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars where isAllowed(scalar) {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&apos;"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// `<name>text</name>`, the text escaped.
    static func element(_ name: String, _ text: String) -> String {
        "<\(name)>\(escaped(text))</\(name)>"
    }

    /// `text` as a CDATA section; a `]]>` inside it, which would end the section, is split across two.
    static func cdata(_ text: String) -> String {
        let allowed = String(String.UnicodeScalarView(text.unicodeScalars.filter(isAllowed)))
        return "<![CDATA[" + allowed.replacing("]]>", with: "]]]]><![CDATA[>") + "]]>"
    }

    /// Whether XML 1.0 allows `scalar` in a document (its `Char` production; Swift's strings hold no lone surrogates).
    static func isAllowed(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x9, 0xA, 0xD: true
        case 0x0..<0x20: false
        case 0xFFFE, 0xFFFF: false
        default: true
        }
    }
}
