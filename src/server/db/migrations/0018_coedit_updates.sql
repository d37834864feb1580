CREATE TABLE `coedit_updates` (
	`seq` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`page_id` text NOT NULL,
	`update` blob NOT NULL,
	FOREIGN KEY (`page_id`) REFERENCES `coedit_docs`(`page_id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `coedit_updates_page_seq` ON `coedit_updates` (`page_id`,`seq`);