import Foundation
import PackagePlugin

/// Generates the Swift of each `.views` file of a target with `modak-views`, at every build in
/// which the file changed.
@main
struct ViewsPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        guard let target = target as? SourceModuleTarget else { return [] }
        let generator = try context.tool(named: "modak-views").url
        return target.sourceFiles.map(\.url).filter { $0.pathExtension == "views" }.map { views in
            let swift = context.pluginWorkDirectoryURL.appending(
                path: views.deletingPathExtension().lastPathComponent + "+Views.swift")
            return .buildCommand(
                displayName: "Generating views of \(views.lastPathComponent)",
                executable: generator, arguments: [views.path, swift.path],
                inputFiles: [views], outputFiles: [swift])
        }
    }
}
