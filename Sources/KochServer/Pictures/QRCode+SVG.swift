/// A QR code drawn as SVG, for a page or a printed sheet.
extension QRCode {
    /// The code as an SVG image `moduleSizePixels` (at least 1) per module, with `quietZoneModules` of light margin on every side
    /// (the standard asks for 4, which scanners count on) and `title` as its accessible name.
    ///
    /// One `<path>` holds the dark modules, a run of them along a row as one rectangle, over one light `<rect>`;
    /// `shape-rendering="crispEdges"` keeps the modules' edges sharp, and the view box counts in modules, so the image
    /// scales cleanly. There is no XML declaration, so that the SVG can be put inside an HTML page as it is.
    public func svg(moduleSizePixels: Int, quietZoneModules: Int = 4, title: String) -> String {
        let sideModules = width + 2 * max(quietZoneModules, 0)
        let sidePixels = sideModules * max(moduleSizePixels, 1)
        let escapedTitle = Self.xmlEscaped(title)
        return """
            <svg xmlns="http://www.w3.org/2000/svg" width="\(sidePixels)" height="\(sidePixels)" \
            viewBox="0 0 \(sideModules) \(sideModules)" shape-rendering="crispEdges" role="img">\
            <title>\(escapedTitle)</title>\
            <rect width="\(sideModules)" height="\(sideModules)" fill="#fff"/>\
            <path fill="#000" d="\(pathData(offsetModules: max(quietZoneModules, 0)))"/>\
            </svg>
            """
    }

    /// The path of the dark modules, shifted by the quiet zone: each run of dark modules along a row as one closed rectangle.
    private func pathData(offsetModules: Int) -> String {
        var commands: [String] = []
        for row in 0..<width {
            var column = 0
            while column < width {
                guard isDark(row: row, column: column) else {
                    column += 1
                    continue
                }
                let start = column
                while column < width, isDark(row: row, column: column) { column += 1 }
                let run = column - start
                commands.append("M\(start + offsetModules) \(row + offsetModules)h\(run)v1h-\(run)z")
            }
        }
        return commands.joined()
    }

    /// `text` with XML's five special characters as entities, fit for an element's text or an attribute's value; the
    /// control characters XML does not allow (all below a space but tab, line feed and carriage return) are left out.
    private static func xmlEscaped(_ text: String) -> String {
        var escaped = ""
        for character in text {
            switch character {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            case "'": escaped += "&apos;"
            case _ where character.unicodeScalars.contains(where: { $0.value < 0x20 && ![0x09, 0x0A, 0x0D].contains($0.value) }):
                continue
            default: escaped.append(character)
            }
        }
        return escaped
    }
}
