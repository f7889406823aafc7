import Foundation
import PackagePlugin

/// Builds the package's `Templates/` folder into the target (`BuiltInTemplates`) with `modak-embed`,
/// at every build in which a file there changed, was added or removed.
@main
struct TemplatesPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let templates = context.package.directoryURL.appending(path: "Templates")
        let swift = context.pluginWorkDirectoryURL.appending(path: "BuiltInTemplates+Files.swift")
        var inputs = [templates]
        if let walker = FileManager.default.enumerator(
            at: templates, includingPropertiesForKeys: nil, options: [.skipsHiddenFiles])
        {
            for case let url as URL in walker { inputs.append(url) }
        }
        return [
            .buildCommand(
                displayName: "Building the templates into \(target.name)",
                executable: try context.tool(named: "modak-embed").url,
                arguments: [templates.path, swift.path], inputFiles: inputs, outputFiles: [swift])
        ]
    }
}
