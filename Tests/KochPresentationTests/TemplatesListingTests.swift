import Foundation
import KochPresentation
import Testing

/// The templates in use and where each comes from, and an export of the built-in ones, as a front end asks them.
@Suite final class TemplatesListingTests {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("koch-templates-\(UUID().uuidString)").path

    deinit {
        try? FileManager.default.removeItem(atPath: folder)
    }

    @Test func everyTemplateIsListedWithItsOriginAndEachFolderWhetherItIsThere() throws {
        try FileManager.default.createDirectory(atPath: folder + "/mine", withIntermediateDirectories: true)
        try "{{name}}".write(toFile: folder + "/mine/key.txt.mustache", atomically: true, encoding: .utf8)
        let environment = ["XDG_CONFIG_HOME": folder + "/config", "KOCH_TEMPLATES": folder + "/mine"]

        let listing = try Templates.listing(environment: environment)

        #expect(listing.folders == [.init(path: folder + "/config/koch/templates", exists: false), .init(path: folder + "/mine", exists: true)])
        #expect(listing.templates.first { $0.name == "key.txt" }?.origin == folder + "/mine/key.txt.mustache")
        #expect(listing.templates.map(\.name) == listing.templates.map(\.name).sorted())
    }

    @Test func anExportIntoTheUsersTemplateFolderIsReadFromThere() throws {
        let environment = ["XDG_CONFIG_HOME": folder + "/config"]
        let export = try Templates.export(to: folder + "/config/koch/templates/", environment: environment)
        #expect(export.isReadFromThere)
        #expect(!export.written.isEmpty)
        let elsewhere = try Templates.export(to: folder + "/elsewhere", environment: environment)
        #expect(!elsewhere.isReadFromThere)
        #expect(elsewhere.configFolder == folder + "/config/koch/templates")
    }
}
