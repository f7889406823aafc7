import Foundation

/// A folder's absolute path with `.`, `..` and symbolic links resolved — also for the part of it
/// that does not exist yet — so that one folder has one name however it was given.
enum CanonicalPath {
    static func of(_ path: String, relativeTo workingDirectory: String = FileManager.default.currentDirectoryPath)
        -> String
    {
        let absolute = path.hasPrefix("/") ? path : workingDirectory + "/" + path
        var existing = ""
        var rest: [Substring] = []
        for component in absolute.split(separator: "/") {
            if !rest.isEmpty {
                rest.append(component)
                continue
            }
            let candidate = existing + "/" + component
            if let resolved = realpath(candidate, nil) {
                existing = String(cString: resolved)
                free(resolved)
                if existing == "/" { existing = "" }
            } else {
                rest.append(component)
            }
        }
        // The missing part is taken as written, without `.` and with `..` going up.
        var components = existing.split(separator: "/")
        for component in rest where component != "." {
            if component == ".." { _ = components.popLast() } else { components.append(component) }
        }
        return "/" + components.joined(separator: "/")
    }
}
