import ArgumentParser
import Foundation
import KochServer

/// `koch serve links`: each learner's personal link and feed, to hand out.
struct LinksCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "links",
        abstract: "Print each learner's personal link and podcast feed.",
        discussion: """
            A learner's link opens their page (their lessons, their grades); the feed goes into a podcast app. Each is \
            the learner's key: hand it to them alone. The teacher's page renews either when one is lost.
            """)

    @OptionGroup var server: ServerOptions

    @Flag(help: "Print them as one JSON array.")
    var json = false

    func run() throws {
        let service = try server.service()
        let links = try service.links(given: server.publicURL, listening: nil)
        let learners = try service.database.learners()
        if json {
            let rows = learners.map { LinkRow(name: $0.name, number: $0.id, link: links.learnerURL($0), feed: links.feedURL($0)) }
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            print(String(decoding: try encoder.encode(rows), as: UTF8.self))
            return
        }
        if learners.isEmpty { print("No learners yet: add a roster with koch serve --roster class.csv, or on the teacher's page.") }
        for learner in learners {
            print("\(learner.name)\n  link: \(links.learnerURL(learner))\n  feed: \(links.feedURL(learner))")
        }
    }
}

struct LinkRow: Encodable {
    let name: String
    let number: Int64
    let link: String
    let feed: String
}
