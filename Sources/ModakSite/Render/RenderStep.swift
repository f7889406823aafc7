import ModakOutput

/// One stage of rendering: reads the shared context, returns files.
public protocol RenderStep: Sendable {
    func files(_ context: RenderContext) throws -> [OutputFile]
    /// Files rendered only if they changed since the last build (pages, one per saying).
    func deferredFiles(_ context: RenderContext) throws -> [DeferredFile]
    /// Files an outside tool makes from this step's files (card PNGs).
    func derived(_ context: RenderContext) -> [DerivedFile]
}

extension RenderStep {
    public func files(_ context: RenderContext) throws -> [OutputFile] { [] }
    public func deferredFiles(_ context: RenderContext) throws -> [DeferredFile] { [] }
    public func derived(_ context: RenderContext) -> [DerivedFile] { [] }
}

/// A stage of rendering that needs the files the steps planned (the service worker lists and
/// hashes some of them). It may add files and turn deferred ones into files.
public protocol FinishingStep: Sendable {
    func finish(_ plan: inout OutputPlan, _ context: RenderContext) throws
}
