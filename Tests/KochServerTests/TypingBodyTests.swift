import Foundation
import KochCore
import KochServer
import Testing

/// A live copy as a page sends it is read into keys (`TypingBody`), and the keys are held to the
/// rules every front end's are (`LiveTyping`); what breaks either is a 400 that names what is wrong.
@Suite struct TypingBodyTests {
    static func decode(_ text: String) throws -> (keys: [TypedKey], stoppedAtSeconds: Double?) {
        try TypingBody.decode(Array(text.utf8))
    }

    static func checked(_ text: String) throws -> [TypedKey] {
        let body = try decode(text)
        return try LiveTyping.checked(body.keys, stoppedAtSeconds: body.stoppedAtSeconds, lessonSeconds: 120)
    }

    @Test func keysAndErasesAreReadInOrderWithTheStop() throws {
        let body = try Self.decode(#"{"typed": [{"at": -0.02, "key": "k"}, {"at": 1.5, "erase": true}, {"at": 2, "key": "ß"}], "stoppedAt": 40.5}"#)
        #expect(
            body.keys == [
                TypedKey(lessonSeconds: -0.02, action: .character("k")), TypedKey(lessonSeconds: 1.5, action: .erase),
                TypedKey(lessonSeconds: 2, action: .character("ß")),
            ])
        #expect(body.stoppedAtSeconds == 40.5)
        #expect(try Self.decode(#"{"typed": [], "stoppedAt": null}"#).stoppedAtSeconds == nil)
        // A key typed in the lesson's first moment, a little before zero on a page's clock, is taken at the start.
        #expect(try LiveTyping.checked(body.keys, stoppedAtSeconds: 40.5, lessonSeconds: 120).first?.lessonSeconds == 0)
    }

    @Test func whatIsNoLiveCopyIsABadRequest() {
        let refused = [
            "not json",
            #"{"typed": [{"at": 3, "key": "K"}, {"at": 2, "key": "M"}]}"#,  // time going back
            #"{"typed": [{"at": 3, "key": "KM"}]}"#,  // two characters as one key
            #"{"typed": [{"at": 3}]}"#,  // neither a key nor an erase
            #"{"typed": [{"at": 3, "key": "K", "erase": true}]}"#,  // both
            #"{"typed": [{"at": 3, "erase": false}]}"#,
            #"{"typed": [{"at": -5, "key": "K"}]}"#,  // long before the lesson
            #"{"typed": [{"at": 1e300, "key": "K"}]}"#,
            #"{"typed": [{"at": 30, "key": "K"}], "stoppedAt": 20}"#,  // typed after the stop
            #"{"typed": [{"at": 123.5, "key": "K"}]}"#,  // after the two-minute lesson's typing time
            #"{"typed": [], "stoppedAt": -1}"#,
            "{\"typed\": [" + Array(repeating: #"{"at": 1, "key": "K"}"#, count: 20_001).joined(separator: ",") + "]}",
        ]
        for text in refused {
            do {
                _ = try Self.checked(text)
                Issue.record("taken: \(text.prefix(60))")
            } catch let refusal as ServerRefusal {
                #expect(refusal.status == 400)
            } catch {
                Issue.record("not a refusal: \(error)")
            }
        }
    }
}
