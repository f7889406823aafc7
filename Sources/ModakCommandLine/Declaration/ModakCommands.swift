import ModakCore

/// Every command of `modak`, declared once: the parser, `--help`, the usage lines and
/// `docs/reference/command-line.md` all come from `ModakCommands.root`.
public enum ModakCommands {
    public static let root = Command(
        "modak", abstract: "A static site generator for Korean and English sayings, one a day.",
        discussion: [
            """
            Start with `modak init`, then `modak build` in the new folder; rebuild every day (cron, a systemd \
            timer or a 
            """
                + """
                scheduled CI job) and the saying of the day turns, \"new\" marks expire and scheduled sayings \
                appear.
                """,
            """
            Exit codes: 0 success, 1 content or build errors (each printed as `path:line: message`, all of them), \
            2 usage errors and refused output folders.
            """
        ],
        options: [Option.version],
        subcommands: [
            initSite, build, serve, check, card, ModakCommands.new, importCommand, gifts, templates, help, reference
        ]
    )

    static let initSite = Command(
        "init", abstract: "Create a new site, with one of each kind of content, ready to build.",
        discussion: [
            """
            Writes `content/site.json` with every setting and its default (edit `title`, `description` and \
            `baseURL`), sayings as Markdown 
            """
                + """
                and in a JSON array, a delivered and a sealed souvenir, a notice, a page, a gift with its picture, \
                a 
                """
                    + """
                    question and a `content/authors.json` naming the sayings' authors in Korean and English, each \
                    commented where its format allows, and a `.gitignore` for the output folder. Dates are 
                    """
                + "relative to today, so the first build shows a new saying and a delivered souvenir.",
            """
            Refuses a folder that already holds a site (a `content/site.json` or a non-empty `content/`) and \
            writes nothing there.
            """,
            "`modak` carries its templates, so it works from any folder however it was installed: the Debian package, "
                + "`make install`, or the binary copied alone."
        ],
        arguments: [Arguments.siteFolder],
        examples: [
            Example(
                "modak init lanterns && cd lanterns && modak serve", "a new site, previewed on http://127.0.0.1:8000/")
        ],
        action: .initSite
    )

    static let build = Command(
        "build", abstract: "Render the content folder into the output folder.",
        discussion: [
            "Every problem in the content is reported at once, as `path:line: message`, and the build exits 1 without "
                + "touching the previous output. Files whose bytes did not change are not rewritten, and files Modak "
                + "wrote before and no longer writes are removed; anything else in the output folder is left alone.",
            "The same content, templates and date give byte-identical output."
        ],
        options: Options.build,
        examples: [
            Example("modak build", "content/ into public/, as of today"),
            Example("modak build --date 2026-12-24 --output preview", "the site as it will be on 24 December")
        ],
        action: .build
    )

    static let check = Command(
        "check", abstract: "Check the content and the built site's links, XML and JSON.",
        discussion: [
            """
            Reports the content's errors, then every file an earlier build made that the content no longer makes \
            (as of 
            """
                + "--date), every internal link, image, script, stylesheet, media source and share image of "
                    + """
                    the built pages that points at no file, as `page:line: target`, and every XML or JSON file that \
                    does not 
                    """
                + "parse. Exits 1 when anything is found, so it can guard a deployment.",
            "Warns, without failing, when baseURL has a path (`https://name.github.io/lanterns/`): crawlers read "
                + "robots.txt only at a host's root, so the site's own names its sitemap to nobody."
        ],
        options: [
            Options.content,
            Options.output.with(help: "The built site to check."),
            Options.date.with(
                help:
                    """
                    Check the site as it is built on this day: a file of an earlier build that this day's site \
                    does not have is reported.
                    """
            ),
            Options.drafts.with(help: "The site was built with --drafts: its drafts are not reported."),
            Options.baseURL.with(
                help: "The URL the site is published at: absolute links under it are checked as internal."),
            Options.force.with(help: "Check a non-empty folder that holds no earlier build of Modak's.")
        ],
        action: .check
    )

    static let serve = Command(
        "serve", abstract: "Preview the site, rebuilding it when its content or templates change.",
        discussion: [
            """
            Serves the output folder on 127.0.0.1, under the path of the site's baseURL as it will be published (a \
            site at 
            """
                + """
                `https://name.github.io/lanterns/` is previewed at http://127.0.0.1:8000/lanterns/), and looks for \
                changes every 0.3 s; every open page reloads itself after 
                """
                    + """
                    a rebuild, and at midnight in the site's time zone the site is rebuilt for the new day (unless \
                    --date pins 
                    """
                    + """
                    one). When a build fails, its errors are printed and shown over every page while the last good \
                    site stays up.
                    """,
            "Takes the options of `modak build`, but shows drafts unless --no-drafts is given."
        ],
        options: [Options.port] + Options.build.map { $0 == Options.drafts ? Options.previewDrafts : $0 },
        examples: [Example("modak serve --port 8080", "preview on http://127.0.0.1:8080/")],
        action: .serve
    )

    static let importCommand = Command(
        "import", abstract: "Bring content in from elsewhere.",
        subcommands: [
            Command(
                "firebase", abstract: "Turn a Firebase export of the original app into saying files.",
                discussion: [
                    """
                    Writes one `sayings/<id>.md` per text of the export's `Text` object. Texts without `kor` and \
                    `eng`, or 
                    """
                        + """
                        without a time, are skipped and reported with their line; epoch milliseconds become times \
                        in the 
                        """
                            + """
                            site's time zone. Running it again changes nothing: a file edited since is kept, and an id \
                            the site 
                            """
                        + "already uses elsewhere is not taken twice. Nothing under `User` is read."
                ],
                arguments: [Arguments.exportFile],
                options: [Options.content],
                action: .importFirebase
            )
        ]
    )

    static let gifts = Command(
        "gifts", abstract: "Work with the gift catalogue.",
        subcommands: [
            Command(
                "simulate", abstract: "Run the gift rules without a browser; print the result as JSON.",
                discussion: [
                    """
                    Prints `{\"asked\": [question ids in order], \"answers\": [...], \"candidates\": [gift ids, \
                    sorted], 
                    """
                        + """
                        \"done\": true|false}`. The next question is the first askable one in questions.json \
                        order. Answers 
                        """
                        + "are used in order until the rules say stop (`done: true`) or they run out (`done: false`)."
                ],
                options: [Options.gender, Options.budget, Options.answers, Options.content],
                examples: [
                    Example(
                        "modak gifts simulate --gender any --budget 10000-50000 --answers O,X,skip", "three answers")
                ],
                action: .giftsSimulate
            )
        ]
    )

    static let templates = Command(
        "templates", abstract: "Work with the templates built into modak.",
        subcommands: [
            Command(
                "export",
                abstract: "Write the built-in templates, CSS, JS and UI strings into a folder, to customise them.",
                discussion: [
                    "modak carries its default templates; a site overrides any of them with a file of the same path in "
                        + """
                        `templates/` beside `content/` (or in a folder given with --templates). Export only the \
                        files you mean to 
                        """
                            + """
                            change: the others then follow the templates of newer versions of modak. A file that \
                            exists with other 
                            """
                            + """
                            bytes is left alone (and reported) unless --force is given. `modak --version` names the \
                            templates this 
                            """
                        + "binary carries."
                ],
                arguments: [Arguments.templatesFolder, Arguments.templateFiles],
                options: [Options.force.with(help: "Replace files that exist with other bytes.")],
                examples: [
                    Example(
                        "modak templates export templates saying.mustache",
                        "the saying page's template, to edit in templates/"),
                    Example(
                        "modak templates export templates assets/css/modak.css i18n/ko.json",
                        "the style sheet and the Korean strings"),
                    Example("modak templates export /tmp/modak-templates", "every file, to read")
                ],
                action: .templatesExport
            )
        ]
    )

    static let help = Command(
        "help", abstract: "Show the help of a command.",
        arguments: [Arguments.helpTopic],
        examples: [Example("modak help new saying", "the same as `modak new saying --help`")],
        action: .help
    )

    static let reference = Command(
        "reference", abstract: "Print the command-line reference in Markdown (docs/reference/command-line.md).",
        options: [Options.manPages], action: .reference, isHidden: true
    )

    static let card = Command(
        "card", abstract: "Print one saying's card (1200×630 SVG).",
        arguments: [Arguments.sayingID],
        options: [
            Options.content,
            Options.date.with(
                help: "The day whose saying `today` names.", default: .described("today in the site's time zone")),
            Options.cardOutput
        ],
        examples: [Example("modak card today -o today.svg", "the card of today's saying")],
        action: .card
    )
}
