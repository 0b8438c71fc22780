/** The questionnaire page's shell; the client that fills it arrives with the forms UI. */
export function formPageHtml(name: string): string {
  const safe = name.replace(/[^A-Za-z0-9_-]/g, '');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Questionnaire</title>
</head>
<body>
<main id="form" data-form="${safe}"><p>Loading the questionnaire…</p></main>
</body>
</html>
`;
}
