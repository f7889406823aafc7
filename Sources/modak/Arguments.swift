/// A usage mistake: printed with the usage line, exit code 2.
struct UsageError: Error {
    var message: String
}

/// `--flag value` and `--flag=value` options after a command, plus positional arguments.
struct Arguments {
    private(set) var options: [String: String] = [:]
    private(set) var flags: Set<String> = []
    private(set) var positional: [String] = []

    /// `valued` names options that take a value; `switches` those that do not.
    init(_ arguments: ArraySlice<String>, valued: Set<String>, switches: Set<String> = []) throws(UsageError) {
        var iterator = arguments.makeIterator()
        while let argument = iterator.next() {
            guard argument.hasPrefix("-"), argument != "-" else {
                positional.append(argument)
                continue
            }
            var name = argument
            var value: String?
            if let equals = argument.firstIndex(of: "=") {
                name = String(argument[..<equals])
                value = String(argument[argument.index(after: equals)...])
            }
            if switches.contains(name) {
                guard value == nil else { throw UsageError(message: "\(name) takes no value") }
                flags.insert(name)
            } else if valued.contains(name) {
                guard let given = value ?? iterator.next() else { throw UsageError(message: "\(name) needs a value") }
                guard options[name] == nil else { throw UsageError(message: "\(name) is given twice") }
                options[name] = given
            } else {
                throw UsageError(message: "unknown option \(name)")
            }
        }
    }

    subscript(name: String) -> String? { options[name] }
}
