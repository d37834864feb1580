CREATE TABLE `stored_file_chunks` (
	`file_key` text NOT NULL,
	`n` integer NOT NULL,
	`data` blob NOT NULL,
	PRIMARY KEY(`file_key`, `n`)
);
--> statement-breakpoint
CREATE TABLE `stored_files` (
	`key` text PRIMARY KEY NOT NULL,
	`size` integer NOT NULL,
	`created_at` integer NOT NULL
);
