import ModakCore

/// The options of modak's commands. Commands that share an option share its declaration; a
/// command may describe it in its own words (`with(help:)`), the parser finds it by name.
public enum Options {
    // MARK: Building

    public static let content = Option.value(
        "content", "DIR",
        help: "The site's content folder (site.json, sayings/, souvenirs/, gifts/, notices/, pages/, static/).",
        default: .value("content"))
    public static let output = Option.value(
        "output", "DIR",
        help: "Where the site is written: a folder of its own, which holds nothing but the site. "
            + "It may not be /, your home folder, or a content or templates folder (nor lie inside or hold one); "
            + "a folder holding files Modak did not write needs --force.",
        default: .value("public"))
    public static let date = Option.value(
        "date", "YYYY-MM-DD",
        help: "Build the site as it is on this day: what is published, new, delivered and the saying of the day.",
        default: .described("today in the site's time zone, or the day of SOURCE_DATE_EPOCH"))
    public static let theme = Option.value(
        "theme", "NAME", help: "The colour theme, instead of the one in site.json.",
        default: .described("`theme` in site.json"),
        choices: SiteConfig.themes)
    public static let baseURL = Option.value(
        "base-url", "URL", help: "The absolute http(s) URL the site is published at, instead of the one in site.json.",
        default: .described("`baseURL` in site.json"))
    public static let templates = Option.value(
        "templates", "DIR",
        help:
            """
            A folder of templates, assets and UI strings overriding the bundled ones file by file, after \
            `templates/` beside 
            """
                + "the content folder. May be given more than once; a later folder wins.",
        repeats: true)
    public static let drafts = Option.flag(
        "drafts", help: "Build sayings, notices and pages marked `draft: true` too, marked as drafts.")
    /// `--drafts` of `modak serve`: on unless turned off, since a preview is where drafts are read.
    static let previewDrafts = Option.flag(
        "drafts", help: "Show sayings, notices and pages marked `draft: true`, marked as drafts.", default: true,
        negatable: true)
    public static let force = Option.flag(
        "force", help: "Write into a non-empty output folder that holds no earlier build of Modak's.")
    public static let port = Option.value(
        "port", "N", help: "The port to serve on, on 127.0.0.1 only; 0 takes a free one.", default: .value("8000"))

    /// The options of `modak build`, which `modak serve` takes too.
    static let build = [content, output, date, theme, baseURL, templates, drafts, force]

    // MARK: Writing content

    public static let kor = Option.value("kor", "TEXT", help: "The saying in Korean.")
    public static let eng = Option.value("eng", "TEXT", help: "The saying in English.")
    public static let who = Option.value("who", "NAME", help: "Who said it.", required: true)
    public static let time = Option.value(
        "time", "TIME", help: "When the saying is published: \(TimeParser.acceptedForms).", default: .described("now"))
    public static let queue = Option.flag(
        "queue",
        help: "Publish it on the next free day: today if no saying is set on it, else the first later day without one, "
            + "at the time of day of the latest saying (09:00 for the first).")
    public static let id = Option.value(
        "id", "ID", help: "The saying's id and file name: letters, digits, `_` and `-`.",
        default: .described("from the text"))
    public static let tags = Option.value(
        "tags", "a,b", help: "Tags, separated by commas. May be given more than once.", repeats: true)
    public static let deliver = Option.value(
        "deliver", "TIME",
        help: "When the souvenir is delivered; until then nothing of it is published: \(TimeParser.acceptedForms).",
        required: true)
    public static let title = Option.value("title", "TEXT", help: "The title.")
    public static let noticeDate = Option.value(
        "date", "TIME", help: "The notice's date: \(TimeParser.acceptedForms).", default: .described("now"))
    public static let slug = Option.value(
        "slug", "SLUG", help: "The last part of its URL and its file name: letters, digits, `_` and `-`.",
        default: .described("from the title"))

    // MARK: The reference

    /// `modak reference --man DIR`: how the Debian package gets its manual.
    public static let manPages = Option.value(
        "man", "DIR", help: "Write the manual pages instead, modak.1 and one per command (modak-build.1, …), into DIR.")

    // MARK: Cards, import, gifts

    public static let cardOutput = Option.value(
        "output", "FILE", short: "o", help: "Write the card to FILE.", default: .described("standard output"))
    public static let gender = Option.value(
        "gender", "any|female|male", help: "Who the gift is for.", required: true,
        choices: GiftGender.allCases.map(\.rawValue))
    public static let budget = Option.value(
        "budget", "MIN-MAX",
        help: "The budget in whole KRW, both ends included, from 0 to \(GiftProfile.maximumBudget).",
        required: true)
    public static let answers = Option.value(
        "answers", "O,X,skip,…", help: "Answers to the questions in turn: O yes, X no (its tag is excluded), skip.",
        default: .described("none"))
}

/// The positional arguments of modak's commands.
public enum Arguments {
    public static let siteFolder = Argument(
        "DIR", help: "The folder of the new site; it is created if needed.", optional: true, default: .value("."))
    public static let sayingID = Argument("ID", help: "The saying's id, or `today` for the saying of the day.")
    public static let exportFile = Argument("FILE", help: "The export, a JSON file.")
    public static let templatesFolder = Argument(
        "DIR", help: "The folder to write into, such as `templates` beside `content/`; made if needed.")
    public static let templateFiles = Argument(
        "FILE",
        help: "A file of the built-in set by its path in it: `saying.mustache`, `partials/saying-item.mustache`, "
            + "`assets/css/modak.css`, `i18n/en.json`.", optional: true, variadic: true,
        default: .described("every file"))
    public static let helpTopic = Argument(
        "COMMAND", help: "A command and its subcommands: `new saying`.", optional: true, variadic: true)
    public static let message = Argument(
        "MESSAGE", help: "The text, in Markdown, as one or more words.", optional: true, variadic: true,
        default: .described("read from standard input"))
    public static let text = Argument(
        "TEXT", help: "The page, in Markdown, as one or more words.", optional: true, variadic: true,
        default: .described("read from standard input"))
    public static let commentary = Argument(
        "COMMENTARY", help: "Markdown shown below the saying.", optional: true, variadic: true,
        default: .described("none"))
}
