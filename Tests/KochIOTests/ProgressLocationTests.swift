import KochIO
import Testing

@Suite struct ProgressLocationTests {
    @Test func optionComesFirst() {
        let resolved = ProgressLocation.resolve(option: "/a/p.json", environment: ["KOCH_PROGRESS": "/b/p.json", "HOME": "/h"])
        #expect(resolved.path == "/a/p.json")
    }

    @Test func thenKochProgress() {
        #expect(ProgressLocation.resolve(option: nil, environment: ["KOCH_PROGRESS": "/b/p.json", "XDG_DATA_HOME": "/x"]).path == "/b/p.json")
    }

    @Test func thenXDGDataHome() {
        #expect(ProgressLocation.resolve(option: nil, environment: ["XDG_DATA_HOME": "/x", "HOME": "/h"]).path == "/x/koch/progress.json")
    }

    @Test func aRelativeXDGDataHomeIsIgnored() {
        #expect(
            ProgressLocation.resolve(option: nil, environment: ["XDG_DATA_HOME": "x", "HOME": "/h"]).path == "/h/.local/share/koch/progress.json")
    }

    @Test func elseTheHomeFolder() {
        #expect(ProgressLocation.resolve(option: nil, environment: ["HOME": "/h"]).path == "/h/.local/share/koch/progress.json")
        #expect(ProgressLocation.resolve(option: "~/p.json", environment: ["HOME": "/h"]).path == "/h/p.json")
    }
}
