import Foundation
import ModakCore
import ModakOutput
import ModakXML
import ParallelWork

/// The time capsule: `souvenirs/index.html` (delivered messages, newest first), `souvenirs/feed.xml`
/// (an item the day each message is delivered) and `souvenirs.ics` (an event per delivered message
/// and one for the next delivery, each with an alarm). Everything is built from `SouvenirBox`, which
/// holds no sealed text.
struct SouvenirsStep: RenderStep {
    func files(_ context: RenderContext) throws -> [OutputFile] {
        let box = SouvenirBox(souvenirs: context.content.souvenirs, rules: context.rules)
        // Control characters have no place in HTML or XML; messages come from many editors.
        let messages = ParallelMap.map(box.delivered) {
            XMLText.sanitized(context.markdown.html($0.souvenir.message, at: SitePaths.souvenirs))
        }
        return [
            try page(box, messages: messages, context),
            OutputFile(
                path: SitePaths.souvenirFeed,
                text: RSSFeed.xml(
                    channel(box, messages: messages, context), selfURL: context.absoluteURL(SitePaths.souvenirFeed),
                    dates: context.dates)),
            OutputFile(path: SitePaths.souvenirCalendar, text: calendar(box, context))
        ]
    }

    private func page(_ box: SouvenirBox, messages: [String], _ context: RenderContext) throws -> OutputFile {
        let path = SitePaths.souvenirs
        let root = SitePaths.root(from: path)
        let newSince = context.today.day.adding(days: -context.content.site.newDays).start(in: context.today.timeZone)
        let views = zip(box.delivered, messages).map { delivered, html in
            SouvenirView(
                id: delivered.key, title: title(of: delivered.souvenir, context),
                date: context.dates.dayMonthYear(delivered.souvenir.deliver),
                datetime: context.dates.rfc3339(delivered.souvenir.deliver),
                messageHTML: html, isNew: delivered.souvenir.deliver >= newSince
            )
        }
        let body = SouvenirsBody(
            souvenirs: views, sealedCount: box.sealedCount,
            nextDate: box.next.map { context.dates.dayMonthYear($0.date) },
            nextDatetime: box.next.map { context.dates.rfc3339($0.date) },
            feedURL: root + SitePaths.souvenirFeed, calendarURL: root + SitePaths.souvenirCalendar,
            exampleDay: context.today.day.adding(days: 365).description,
            firstSouvenir: firstSouvenir(context)
        )
        var meta = context.meta(
            path: path, title: context.string("souvenirsTitle"), description: context.string("souvenirsIntro"),
            section: "souvenirs")
        // Personal messages: shown to visitors, kept out of search engines.
        meta.noindex = true
        return try context.page("souvenirs", meta: meta, body: body)
    }

    /// The interface's "Create your first souvenir !", unless it is the English one, which the
    /// template writes itself (an English site, or a language whose strings leave it out).
    private func firstSouvenir(_ context: RenderContext) -> String? {
        let first = context.strings["souvenirsFirst"]
        return first == context.templates.strings(for: "en")["souvenirsFirst"] ? nil : first
    }

    private func channel(_ box: SouvenirBox, messages: [String], _ context: RenderContext) -> FeedChannel {
        let pageURL = context.absoluteURL(SitePaths.souvenirs)
        let items = zip(box.delivered.prefix(context.content.site.feedLimit), messages).map { delivered, html in
            let souvenir = delivered.souvenir
            let url = pageURL + "#" + delivered.key
            // A message is short and whole in itself: the preview is the message.
            let content = FeedHTML.portable(html, pageURL: pageURL, siteURL: context.content.site.baseURL)
            return FeedItem(
                url: url, title: FeedText.headline(title(of: souvenir, context)),
                summary: FeedText.headline(souvenir.message, limit: 300), summaryHTML: content, contentHTML: content,
                date: souvenir.deliver, author: nil, tags: []
            )
        }
        let site = context.content.site
        return FeedChannel(
            title: "\(site.title) · \(context.string("souvenirsTitle"))", description: context.string("souvenirsIntro"),
            homeURL: pageURL, language: site.language, author: site.author, items: items
        )
    }

    private func calendar(_ box: SouvenirBox, _ context: RenderContext) -> String {
        let site = context.content.site
        let pageURL = context.absoluteURL(SitePaths.souvenirs)
        let domain = URL(string: site.baseURL)?.host ?? "modak"
        var calendar = ICalendarWriter()
        calendar.begin("VCALENDAR")
        calendar.property("VERSION", "2.0")
        calendar.property("PRODID", "-//Modak//Souvenirs//EN")
        calendar.property("CALSCALE", "GREGORIAN")
        calendar.property("METHOD", "PUBLISH")
        calendar.text("NAME", "\(site.title) · \(context.string("souvenirsTitle"))")
        calendar.text("X-WR-CALNAME", "\(site.title) · \(context.string("souvenirsTitle"))")
        // Subscribed calendars fetch again daily and so learn of each new delivery.
        calendar.property("REFRESH-INTERVAL;VALUE=DURATION", "P1D")
        calendar.property("X-PUBLISHED-TTL", "P1D")
        for delivered in box.delivered {
            let souvenir = delivered.souvenir
            let summary = title(of: souvenir, context)
            // The sealed version of this event had sequence 0; delivery revises it.
            event(
                &calendar, uid: "\(delivered.key)@\(domain)", at: souvenir.deliver, sequence: 1, summary: summary,
                description: souvenir.message.trimmedOfWhitespace, url: pageURL + "#" + delivered.key)
        }
        if let next = box.next {
            event(
                &calendar, uid: "\(next.key)@\(domain)", at: next.date, sequence: 0,
                summary: context.string("souvenirsNextEvent"),
                description: context.string("souvenirsNextEventText"), url: pageURL)
        }
        calendar.end("VCALENDAR")
        return calendar.content
    }

    /// One event at a delivery, with an alarm at that moment. Its stamp is the delivery itself, never the clock.
    private func event(
        _ calendar: inout ICalendarWriter, uid: String, at date: Date, sequence: Int, summary: String,
        description: String, url: String
    ) {
        let time = ICalendarWriter.utc(date)
        calendar.begin("VEVENT")
        calendar.property("UID", uid)
        calendar.property("DTSTAMP", time)
        calendar.property("DTSTART", time)
        calendar.property("DURATION", "PT15M")
        calendar.property("SEQUENCE", String(sequence))
        calendar.text("SUMMARY", summary)
        calendar.text("DESCRIPTION", description)
        calendar.property("URL", url)
        calendar.property("TRANSP", "TRANSPARENT")
        calendar.begin("VALARM")
        calendar.property("ACTION", "DISPLAY")
        calendar.text("DESCRIPTION", summary)
        calendar.property("TRIGGER", "PT0S")
        calendar.end("VALARM")
        calendar.end("VEVENT")
    }

    private func title(of souvenir: Souvenir, _ context: RenderContext) -> String {
        souvenir.title.flatMap { $0.allSatisfy(\.isWhitespace) ? nil : XMLText.sanitized($0) }
            ?? context.string("souvenirsUntitled")
    }
}
