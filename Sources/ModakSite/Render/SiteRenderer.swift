import ModakOutput
import ParallelWork

/// Runs the steps, side by side, and gathers their files into one plan in step order; then the
/// finishing steps, one after the other.
public struct SiteRenderer: Sendable {
    public var steps: [any RenderStep]
    public var finishingSteps: [any FinishingStep]

    public init(
        steps: [any RenderStep] = SiteRenderer.defaultSteps,
        finishingSteps: [any FinishingStep] = SiteRenderer.defaultFinishingSteps
    ) {
        (self.steps, self.finishingSteps) = (steps, finishingSteps)
    }

    /// The writer renders deferred pages in this order across its threads, so the steps with the
    /// largest pages (lists) come first and no thread ends on one alone; the steps run side by
    /// side, the slowest (the search index) first.
    public static let defaultSteps: [any RenderStep] = [
        SearchIndexStep(), ArchivePagesStep(), TermPagesStep(), ReaderListPagesStep(), SayingPagesStep(),
        SayingDataStep(), TodaySayingStep(), SettingsStep(), NoticesStep(),
        FreePagesStep(), GiftPagesStep(), NotFoundStep(), OfflinePageStep(), AssetsStep(), AppManifestStep(),
        FeedsStep(), SitemapStep(), SouvenirsStep(), CardsStep()
    ]
    public static let defaultFinishingSteps: [any FinishingStep] = [ServiceWorkerStep(), PrecompressionStep()]

    public func render(_ context: RenderContext) throws -> OutputPlan {
        let outcomes = ParallelMap.map(steps) { step in
            Result {
                OutputPlan(
                    files: try step.files(context), deferred: try step.deferredFiles(context),
                    derived: step.derived(context))
            }
        }
        var plan = OutputPlan()
        for outcome in outcomes {
            let part = try outcome.get()
            plan.add(contentsOf: part.files)
            plan.deferred += part.deferred
            plan.derived += part.derived
        }
        for step in finishingSteps { try step.finish(&plan, context) }
        return plan
    }
}
