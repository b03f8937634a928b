import ArgumentParser
import Foundation
import KochPresentation

struct TemplatesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "templates",
        abstract: "List the templates koch uses and where each comes from, or export the built-in ones to start your own.",
        discussion: """
            koch carries its templates (answer sheets, send sheets, pack pages, QSO \
            styles) and word lists inside the program. Your own files replace or add to \
            them, file by file: first those in $XDG_CONFIG_HOME/koch/templates (else \
            ~/.config/koch/templates), then those in $KOCH_TEMPLATES. A new QSO style is \
            one more file, qso/NAME.mustache (its keys are in qso/README.md). Word lists \
            likewise: ~/.config/koch/words/NAME.txt, then $KOCH_DATA/words.

            Examples:
              koch templates                          each template and where it comes from
              koch templates export ~/.config/koch/templates
                  the built-in templates, to edit; koch uses them from there at once
            """,
        subcommands: [List.self, Export.self],
        defaultSubcommand: List.self
    )

    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Each template and where it comes from.")

        func run() throws {
            let listing = try Templates.listing(environment: ProcessInfo.processInfo.environment)
            let described = listing.folders.map { $0.exists ? $0.path : $0.path + " (not there)" }
            print("Templates (built in, replaced or added to by: \(described.isEmpty ? "no folder" : described.joined(separator: ", then "))):")
            for template in listing.templates {
                print("  \(template.name.padding(toLength: 22, withPad: " ", startingAt: 0))  \(template.origin)")
            }
        }
    }

    struct Export: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Write the built-in templates into a folder, as a starting point for your own.")

        @Argument(help: ArgumentHelp("The folder to write into; made if missing. No existing file is overwritten.", valueName: "folder"))
        var folder: String

        func run() throws {
            let export = try Templates.export(to: folder, environment: ProcessInfo.processInfo.environment)
            print("Wrote \(export.written.count) templates into \(folder):")
            for path in export.written { print("  \(path)") }
            if export.isReadFromThere {
                print("koch reads them from there: edit one to change what koch writes; remove one to use the built-in again.")
            } else {
                print(
                    "To use them: KOCH_TEMPLATES=\(folder) koch ..., or copy the ones you change into \(export.configFolder ?? "~/.config/koch/templates")."
                )
            }
        }
    }
}
