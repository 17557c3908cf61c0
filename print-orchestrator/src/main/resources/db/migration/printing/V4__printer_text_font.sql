-- Which font a printer draws text fields with (issue 28): the resident font 0 (no file, no
-- scripts; what every printer registered before had), or a Unicode TrueType font stored on
-- the printer with the Unicode scripts it covers. The badge renderer sends what the font
-- cannot draw as a graphic field.
ALTER TABLE printers
	ADD COLUMN text_font_file text,
	ADD COLUMN text_font_scripts text[] NOT NULL DEFAULT '{}',
	ADD CONSTRAINT printers_text_font_check CHECK (
		(text_font_file IS NULL AND cardinality(text_font_scripts) = 0)
		OR (text_font_file ~ '^[RrEeBbAa]:[A-Za-z0-9_-]{1,32}\.(TTF|ttf|TTE|tte)$' AND cardinality(text_font_scripts) > 0));
