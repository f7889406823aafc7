import Foundation
import Testing
@testable import ModakInput

@Suite struct BuiltInTemplatesTests {
    /// The repository's `Templates/` folder.
    static let templates = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Templates").path

    /// The plugin builds `Templates/` into the module at every build: the built-in set is the folder.
    @Test func theBuiltInTemplatesAreTheRepositorysTemplatesFolder() throws {
        let onDisk = try DirectoryReader.files(in: Self.templates)
        #expect(BuiltInTemplates.files.map(\.relativePath) == onDisk.map(\.relativePath))
        #expect(BuiltInTemplates.files.map(\.bytes) == onDisk.map(\.bytes))
        let builtIn = try TemplateLoader.load([.builtIn]), folder = try TemplateLoader.load(folders: [Self.templates])
        #expect(builtIn.fingerprint == folder.fingerprint && builtIn.assets == folder.assets)
        #expect(!BuiltInTemplates.overridable.contains { $0.path == "partials/theme-boot.js" })
    }
}
