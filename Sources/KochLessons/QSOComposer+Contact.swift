import KochCore
import KochIO

extension QSOComposer {
    /// One whole contact as a script of overs (`QSOScript`), the style and the stations drawn
    /// from `seed`; a template that makes no script is named as the file that is wrong.
    public func script(seed: UInt64) throws -> (style: String, script: QSOScript) {
        var generator = SeededGenerator(seed: seed)
        let style = styles[generator.nextInt(in: 0...(styles.count - 1))]
        let contact = QSOFiller.fullCourse.contact(using: &generator)
        do {
            let script = try QSOScript(contact: contact) { try templates.render(style, $0.context) }
            return (String(style.dropFirst("qso/".count)), script)
        } catch {
            throw FileError.malformed(path: templates.origin(of: style), reason: "the contact it writes cannot be answered: \(error)")
        }
    }
}
