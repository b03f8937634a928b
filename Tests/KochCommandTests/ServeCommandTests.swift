import Foundation
import Testing

/// `koch serve` runs the class server's own program, `koch-serve`, with the same arguments: the class made
/// from a roster, the links given, the roster's refusals said.
@Suite struct ServeCommandTests {
    @Test func aRostersLearnersAreAddedOnceAndTheirLinksPrinted() throws {
        let folder = try KochBinary.scratchFolder()
        let roster = folder + "/class.csv"
        try "name,level\nAnn Lee,2\nBo Chen,5\n".write(toFile: roster, atomically: true, encoding: .utf8)
        let data = folder + "/class"
        let added = try KochBinary.run(["serve", "--data", data, "--roster", roster, "--no-serve"])
        #expect(added.succeeded, "\(added.standardError)")
        #expect(added.standardOutput.contains("Added Ann Lee at level 2.") && added.standardOutput.contains("Added Bo Chen at level 5."))
        let again = try KochBinary.run(["serve", "--data", data, "--roster", roster, "--no-serve"])
        #expect(again.standardOutput.contains("Already in the class, kept as they are: Ann Lee, Bo Chen."), "\(again.standardOutput)")

        let links = try KochBinary.run(["serve", "links", "--data", data, "--url", "https://koch.school.example", "--json"])
        #expect(links.succeeded, "\(links.standardError)")
        let rows = try #require(try JSONSerialization.jsonObject(with: Data(links.standardOutput.utf8)) as? [[String: Any]])
        #expect(rows.map { $0["name"] as? String } == ["Ann Lee", "Bo Chen"])
        let link = try #require(rows.first?["link"] as? String)
        let feed = try #require(rows.first?["feed"] as? String)
        #expect(link.hasPrefix("https://koch.school.example/l/") && link.count == "https://koch.school.example/l/".count + 43)
        #expect(feed.hasPrefix("https://koch.school.example/f/") && feed.hasSuffix("/feed.xml"))
        #expect(!feed.contains(String(link.suffix(43))), "the feed's token is its own")
    }

    @Test func aBadListenAddressAndAShortPasswordAreRefusedAndNothingIsServed() throws {
        let folder = try KochBinary.scratchFolder()
        let listen = try KochBinary.run(["serve", "--data", folder + "/class", "--listen", "8080"])
        #expect(listen.exitCode == 64)
        #expect(listen.standardError.contains("--listen is HOST:PORT"), "\(listen.standardError)")
        let password = try KochBinary.run(["serve", "--data", folder + "/class", "--set-password"], input: "short\n")
        #expect(!password.succeeded)
        #expect(password.standardError.contains("at least 8 characters"), "\(password.standardError)")
    }

    @Test func theServersHelpTeachesItsFirstSteps() throws {
        let help = try KochBinary.run(["serve", "--help"])
        #expect(help.succeeded)
        #expect(help.standardOutput.contains("koch serve --roster class.csv"))
        #expect(help.standardOutput.contains("--listen"))
    }
}
