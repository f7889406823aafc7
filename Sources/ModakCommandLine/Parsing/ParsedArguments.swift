/// The arguments of one command after parsing: every declared option's value (given or its
/// default) and the positional arguments. Ask only for options the command declares.
public struct ParsedArguments: Sendable {
    /// From the root: `[modak, new, saying]`.
    public let path: [Command]
    var values: [String: [String]] = [:]
    var flags: [String: Bool] = [:]
    var argumentValues: [String: [String]] = [:]

    init(path: [Command]) {
        self.path = path
    }

    public var command: Command { path[path.count - 1] }

    /// `modak new saying`.
    public var commandName: String { path.map(\.name).joined(separator: " ") }

    private func declared(_ option: Option) -> Option {
        guard let declared = command.option(named: option.name) else {
            preconditionFailure("\(commandName) declares no option --\(option.name)")
        }
        return declared
    }

    /// The value given, else the declared default value; nil when neither.
    public subscript(option: Option) -> String? {
        let declared = declared(option)
        return values[declared.name]?.last ?? declared.defaultValue.parsedValue
    }

    /// For an option that is required or has a default value, so it always has one.
    public func value(_ option: Option) -> String {
        guard let value = self[option] else {
            preconditionFailure("--\(option.name) of \(commandName) is neither required nor defaulted")
        }
        return value
    }

    /// Every value of a repeating option, in the order given (its default alone when none was given).
    public func values(_ option: Option) -> [String] {
        let declared = declared(option)
        return values[declared.name] ?? declared.defaultValue.parsedValue.map { [$0] } ?? []
    }

    public func isGiven(_ option: Option) -> Bool {
        let name = declared(option).name
        return values[name] != nil || flags[name] != nil
    }

    public func flag(_ option: Option) -> Bool {
        let declared = declared(option)
        guard case .flag(let isOn, _) = declared.kind else {
            preconditionFailure("--\(option.name) of \(commandName) is no flag")
        }
        return flags[declared.name] ?? isOn
    }

    /// The option's value turned into a `T`, or a usage error `--date must be a day like 2026-11-28, not soon`.
    public func converted<T>(_ option: Option, expected: String, _ convert: (String) -> T?) throws(UsageError) -> T? {
        guard let text = self[option] else { return nil }
        return try Self.convert(text, of: option, expected: expected, convert)
    }

    /// The same, for an option that is required or has a default value.
    public func convertedValue<T>(_ option: Option, expected: String, _ convert: (String) -> T?) throws(UsageError) -> T
    {
        try Self.convert(value(option), of: option, expected: expected, convert)
    }

    private static func convert<T>(_ text: String, of option: Option, expected: String, _ convert: (String) -> T?)
        throws(UsageError) -> T
    {
        guard let value = convert(text) else {
            throw UsageError(.invalidValue(of: option.longName, expected: expected, value: text))
        }
        return value
    }

    /// The words of a positional argument (one, or all the rest for a variadic one); its default when not given.
    public func words(_ argument: Argument) -> [String] {
        guard let declared = command.arguments.first(where: { $0.name == argument.name }) else {
            preconditionFailure("\(commandName) declares no argument \(argument.name)")
        }
        return argumentValues[declared.name] ?? declared.defaultValue.parsedValue.map { [$0] } ?? []
    }

    public subscript(argument: Argument) -> String? { words(argument).first }

    /// For an argument that is required or has a default value.
    public func value(_ argument: Argument) -> String {
        guard let value = self[argument] else {
            preconditionFailure("\(argument.name) of \(commandName) is neither required nor defaulted")
        }
        return value
    }
}
