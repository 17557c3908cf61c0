/**
 * The canary search of issue #38 across the running suite: unique canary names, companies
 * and e-mails through every flow, then a search of every column of every schema, every
 * Redis key and value and every file the services and a kiosk agent wrote.
 */
package io.eventops.drills.privacy;
