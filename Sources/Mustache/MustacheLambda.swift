/// A context value computed by a closure when a template uses it.
///
/// - Interpolation form, `MustacheLambda { "text" }`: `{{name}}` calls it and renders the returned
///   string as a template (default delimiters) against the current context, then escapes the result
///   (`{{{name}}}` and `{{&name}}` do not escape).
/// - Section form, `MustacheLambda { body in … }`: `{{#name}}body{{/name}}` calls it with the
///   unprocessed section body and renders the returned string as a template, with the delimiters
///   in force at the section tag, against the current context. The result is not escaped.
///
/// A lambda is truthy, so `{{^name}}…{{/name}}` never renders. Called as an interpolation, a
/// section-form lambda receives an empty string; used as a section, an interpolation-form
/// lambda ignores the body.
public struct MustacheLambda: Sendable {
    let body: @Sendable (String) -> String

    /// The interpolation form.
    public init(_ body: @escaping @Sendable () -> String) {
        self.body = { _ in body() }
    }

    /// The section form: receives the section's raw source text.
    public init(_ body: @escaping @Sendable (String) -> String) {
        self.body = body
    }
}
