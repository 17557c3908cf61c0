/**
 * Bean Validation constraints the services' typed settings share.
 */
package io.eventops.web.validation;
